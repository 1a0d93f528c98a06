import { chainName, explorerUrlOf } from '@lendpath/contracts';
import { getAddress } from 'viem';

import type { Env } from '../../config/env';

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
    // Arbiscan on Arbitrum One and Sepolia, unless EXPLORER_URL says otherwise. The
    // Sepolia-shaped local chain gets Arbiscan's links too: they are the ones the real
    // network's pages will have (its own transactions are not there).
    explorerUrl: env.EXPLORER_URL ?? explorerUrlOf(deployment.chainId),
  };
}
