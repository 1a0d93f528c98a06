import type { Address } from 'viem';

import { localChainId } from './demo-wallets.ts';

/** A public chain the product is deployed to. */
export interface PublicNetwork {
  /** The name `npm run deploy -w contracts -- --network <key>` and Hardhat's config know it by. */
  key: 'arbitrumSepolia' | 'arbitrumOne';
  chainId: number;
  /** The name members know it by: every wallet message says it. */
  name: string;
  /** Circle's USDC on that chain (FiatTokenV2_2 behind FiatTokenProxy), the token lent. */
  usdc: Address;
  /** Its block explorer: transactions at `/tx/<hash>`, addresses at `/address/<address>`. */
  explorerUrl: string;
  /** The environment variable the deploy script and `hardhat verify` read its RPC URL from. */
  rpcUrlVariable: string;
}

export const ARBITRUM_SEPOLIA: PublicNetwork = {
  key: 'arbitrumSepolia',
  chainId: 421614,
  name: 'Arbitrum Sepolia',
  usdc: '0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d',
  explorerUrl: 'https://sepolia.arbiscan.io',
  rpcUrlVariable: 'ARBITRUM_SEPOLIA_RPC_URL',
};

export const ARBITRUM_ONE: PublicNetwork = {
  key: 'arbitrumOne',
  chainId: 42161,
  name: 'Arbitrum One',
  usdc: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  explorerUrl: 'https://arbiscan.io',
  rpcUrlVariable: 'ARBITRUM_ONE_RPC_URL',
};

/** The public chains, by their `--network` key. */
export const PUBLIC_NETWORKS: Readonly<Record<PublicNetwork['key'], PublicNetwork>> = {
  arbitrumSepolia: ARBITRUM_SEPOLIA,
  arbitrumOne: ARBITRUM_ONE,
};

/** The public network of a chain id, if the product runs there. */
export const publicNetworkOf = (chainId: number): PublicNetwork | undefined =>
  Object.values(PUBLIC_NETWORKS).find((network) => network.chainId === chainId);

/**
 * The chain's name as messages show it: the public networks', 'Hardhat' for the local chain
 * (31337), 'Chain <id>' for one the product does not name. A local node started with Arbitrum
 * Sepolia's id is named Arbitrum Sepolia: wallets and members cannot tell them apart either.
 */
export function chainName(chainId: number): string {
  return (
    publicNetworkOf(chainId)?.name ?? (chainId === localChainId ? 'Hardhat' : `Chain ${chainId}`)
  );
}

/** The chain's block explorer, or null where it has none (a local chain). */
export const explorerUrlOf = (chainId: number): string | null =>
  publicNetworkOf(chainId)?.explorerUrl ?? null;
