import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { RateLimits } from '../../../rate-limits/rate-limits';
import { WalletNonces } from '../../wallet-nonces';

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

@CommandHandler(IssueWalletNonceCommand)
export class IssueWalletNonceHandler implements ICommandHandler<IssueWalletNonceCommand> {
  constructor(
    private readonly nonces: WalletNonces,
    private readonly limits: RateLimits,
  ) {}

  async execute({ callerId }: IssueWalletNonceCommand): Promise<WalletNonce> {
    await this.limits.hit('walletNonce', [`member:${callerId}`]);
    const { nonce, expiresAt } = await this.nonces.issue(callerId);
    return { nonce, expiresAt: expiresAt.toISOString() };
  }
}
