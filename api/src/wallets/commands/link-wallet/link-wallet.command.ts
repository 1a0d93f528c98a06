import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

export const linkWalletBody = z.object({
  /** The EIP-4361 message the wallet signed, exactly as signed. */
  message: z
    .string({ error: 'message is required' })
    .min(1, { error: 'message is required' })
    .max(4_000, { error: 'message must be at most 4000 characters' }),
  /** The wallet's signature of the message (EIP-191 personal_sign). */
  signature: z
    .string({ error: 'signature is required' })
    .regex(/^0x[0-9a-fA-F]+$/, { error: 'signature must be 0x-prefixed hex' })
    .max(20_000, { error: 'signature is too long' })
    .transform((value) => value as `0x${string}`),
});
export type LinkWalletBody = z.infer<typeof linkWalletBody>;

export interface LinkedWallet {
  /** Checksummed (EIP-55). */
  address: string;
  linkedAt: string;
  /** Loans the wallet borrowed or funded on chain, now shown as the member's. */
  loansAttached: number;
}

/**
 * Links the wallet that signed a Sign-In with Ethereum message (EIP-4361) to the member: a nonce
 * issued to them, this site's domain and origin, this chain, within the message's own validity.
 */
export class LinkWalletCommand extends Command<LinkedWallet> {
  constructor(
    readonly callerId: string,
    readonly body: LinkWalletBody,
  ) {
    super();
  }
}
