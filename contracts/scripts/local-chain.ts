/**
 * What only a local Hardhat node allows: unlocked accounts, balances set at will, and the demo
 * wallets' funds. Both local chains use it: the plain one (31337, deploy.ts) and the one shaped
 * like Arbitrum Sepolia (arbitrum-sepolia-local.ts).
 */
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  type PublicClient,
  type TestClient,
} from 'viem';

import { demoEthPerWallet, demoUsdcPerWallet, demoWallets } from '../src/demo-wallets.ts';
import type { FiatToken } from './fiat-token.ts';

/**
 * Hardhat's account #0, from its public test mnemonic: the first unlocked account of every
 * Hardhat node. Its key is public; it exists only on local chains.
 */
export const HARDHAT_ACCOUNT_0_KEY =
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const;

/** Whether the node behind `publicClient` is a Hardhat node (EDR), where test methods work. */
export async function isHardhatNode(publicClient: PublicClient): Promise<boolean> {
  const version = await publicClient.request({ method: 'web3_clientVersion' }).catch(() => '');
  return version.startsWith('HardhatNetwork/');
}

/** Clients for a local node: reads, its first unlocked account, and its test methods. */
export async function localNode(rpcUrl: string) {
  const transport = http(rpcUrl, { timeout: 30_000 });
  const publicClient = createPublicClient({ transport });
  const chainId = await publicClient.getChainId();
  const [deployer] = await createWalletClient({ transport }).getAddresses();
  if (deployer === undefined) {
    throw new Error(`${rpcUrl} has no unlocked account to deploy from`);
  }
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  return {
    chainId,
    publicClient,
    wallet: createWalletClient({ account: deployer, transport, chain }),
    node: createTestClient({ mode: 'hardhat', transport, chain }),
  };
}

/** Gives each demo wallet its ETH for gas and its demo USDC (the deployer is USDC's minter). */
export async function fundDemoWallets(node: TestClient<'hardhat'>, usdc: FiatToken): Promise<void> {
  for (const demo of demoWallets) {
    // Gas money, whatever accounts the node was started with.
    await node.setBalance({ address: demo.address, value: demoEthPerWallet });
    await usdc.mint(demo.address, demoUsdcPerWallet);
  }
}
