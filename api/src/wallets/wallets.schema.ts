import { z } from 'zod';

import { named } from '../openapi';

export const walletNonceSchema = named(
  'WalletNonce',
  z.object({
    nonce: z.string().describe("Goes in the Sign-In with Ethereum message's `Nonce:` line."),
    expiresAt: z.iso.datetime(),
  }),
);

/** A linked wallet; `address` checksummed (EIP-55). */
export const walletViewSchema = named(
  'WalletView',
  z.object({ address: z.string(), linkedAt: z.iso.datetime() }),
);

export const linkedWalletSchema = named(
  'LinkedWallet',
  walletViewSchema.extend({
    loansAttached: z
      .number()
      .describe("Loans the wallet borrowed or funded on chain, now shown as the caller's."),
  }),
);

export const unlinkedWalletSchema = named('UnlinkedWallet', z.object({ address: z.string() }));
