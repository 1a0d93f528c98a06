import { Command } from '@nestjs/cqrs';

export interface WalletNonce {
  /** Goes in the Sign-In with Ethereum message's `Nonce:` line. */
  nonce: string;
  expiresAt: string;
}

/** Starts linking a wallet: a single-use nonce for the member's sign-in message. */
export class IssueWalletNonceCommand extends Command<WalletNonce> {
  constructor(readonly callerId: string) {
    super();
  }
}
