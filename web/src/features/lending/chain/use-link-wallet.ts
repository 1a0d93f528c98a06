import type { Address } from 'viem';
import { signMessage } from 'viem/actions';
import { createSiweMessage } from 'viem/siwe';
import type { Config } from 'wagmi';
import { getConnectorClient } from 'wagmi/actions';

import type { ChainConfig } from '@/config/wagmi';

import { requestWalletNonce, useLinkWallet } from '../api/wallets';

/** What the member reads in their wallet when they sign: plain words, no surprises. */
export const LINK_STATEMENT =
  'Link this wallet to my LendPath account. Signing is free: it sends no transaction and moves no funds.';

/** The server's nonce lives 5 minutes; the message says the same. */
const MESSAGE_LIFETIME_MS = 5 * 60_000;

/**
 * Links the connected wallet to the member by a Sign-In with Ethereum message (EIP-4361): the
 * server's single-use nonce, this page's domain and origin, and our chain, signed in the wallet.
 * The only signature the lending screens ever ask for.
 */
export function useLinkConnectedWallet(config: Config, chain: ChainConfig) {
  const link = useLinkWallet();
  const linkWallet = async (address: Address) => {
    const nonce = await requestWalletNonce();
    const now = new Date();
    const message = createSiweMessage({
      domain: window.location.host,
      address,
      statement: LINK_STATEMENT,
      uri: window.location.origin,
      version: '1',
      chainId: chain.chainId,
      nonce,
      issuedAt: now,
      expirationTime: new Date(now.getTime() + MESSAGE_LIFETIME_MS),
    });
    const client = await getConnectorClient(config, { account: address });
    const signature = await signMessage(client, { account: address, message });
    return link.mutateAsync({ message, signature });
  };
  return linkWallet;
}
