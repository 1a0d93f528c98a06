import { getAddress } from 'viem';

import type { Env } from '../../config/env';
import { chainName } from './chain-names';

/** What a browser needs to talk to the lending contract itself (GET /chain). */
export interface ChainConfig {
  chainId: number;
  chainName: string;
  lendingAddress: string;
  usdcAddress: string;
  deployBlock: number;
  /** The JSON-RPC endpoint browsers may use (PUBLIC_RPC_URL, else RPC_URL). */
  rpcUrl: string;
  /** The block explorer, or null when the chain has none (a local node). */
  explorerUrl: string | null;
}

/** Block explorers of the chains the product runs on, unless EXPLORER_URL says otherwise. */
const EXPLORERS: Partial<Record<number, string>> = {
  42161: 'https://arbiscan.io',
  421614: 'https://sepolia.arbiscan.io',
};

/** The deployment the API serves, for the web client (one source for every layer). */
export function chainConfig(env: Env): ChainConfig {
  const { deployment } = env;
  return {
    chainId: deployment.chainId,
    chainName: chainName(deployment.chainId),
    lendingAddress: getAddress(deployment.lending.address),
    usdcAddress: getAddress(deployment.usdc.address),
    deployBlock: deployment.lending.deployBlock,
    rpcUrl: env.PUBLIC_RPC_URL ?? env.RPC_URL,
    explorerUrl: env.EXPLORER_URL ?? EXPLORERS[deployment.chainId] ?? null,
  };
}
