import { getAddress } from 'viem';

import type { MemberWallet } from './wallets.store';

/** A linked wallet as the API answers it. */
export interface WalletView {
  /** Checksummed (EIP-55). */
  address: string;
  linkedAt: string;
}

export const toWalletView = (wallet: MemberWallet): WalletView => ({
  address: getAddress(wallet.address),
  linkedAt: wallet.linkedAt.toISOString(),
});
