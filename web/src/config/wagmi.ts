import { type Address, type Chain, defineChain } from 'viem';
import { type Config, createConfig, http, injected } from 'wagmi';

/**
 * The chain the product runs on and its contracts, as the API serves them (GET /chain) from the
 * deployment file it and the indexer read: one source for all three apps, so one web build
 * serves the local chain, Arbitrum Sepolia or Arbitrum One.
 */
export interface ChainConfig {
  chainId: number;
  /** 'Hardhat', 'Arbitrum Sepolia', 'Arbitrum One': every wallet message names it. */
  chainName: string;
  lendingAddress: Address;
  usdcAddress: Address;
  deployBlock: number;
  /** The RPC the browser reads balances and receipts from. */
  rpcUrl: string;
  /** A block explorer, where the chain has one (none on a local chain). */
  explorerUrl: string | null;
}

export function chainOf(config: ChainConfig): Chain {
  return defineChain({
    id: config.chainId,
    name: config.chainName,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
    ...(config.explorerUrl === null
      ? {}
      : { blockExplorers: { default: { name: 'Explorer', url: config.explorerUrl } } }),
  });
}

const configs = new Map<string, Config>();

/**
 * The one wagmi config for a chain: the injected connector plus every wallet that announces
 * itself through EIP-6963, reads over the chain's RPC. Made once per chain and kept, because
 * wagmi holds the connection state in it.
 */
export function wagmiConfigFor(chain: ChainConfig): Config {
  const key = `${chain.chainId}:${chain.rpcUrl}`;
  let config = configs.get(key);
  if (config === undefined) {
    config = createConfig({
      chains: [chainOf(chain)],
      connectors: [injected()],
      multiInjectedProviderDiscovery: true,
      transports: { [chain.chainId]: http(chain.rpcUrl) },
    });
    configs.set(key, config);
  }
  return config;
}
