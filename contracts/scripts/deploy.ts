/**
 * Deploys what the product needs on a chain and writes deployments/<chainId>.json.
 * On a local Hardhat chain it deploys MockUSDC and mints demo USDC to the demo wallets.
 *
 *   node scripts/deploy.ts --rpc http://127.0.0.1:8545
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

import { createPublicClient, createWalletClient, type Hex, http, keccak256, toHex } from 'viem';
import { hardhat } from 'viem/chains';

import type { Deployment } from '../src/deployment.ts';
import { demoUsdcPerWallet, demoWallets, localChainId } from '../src/demo-wallets.ts';
import { mockUsdcAbi } from '../src/generated/abi.ts';

const { values } = parseArgs({ options: { rpc: { type: 'string' } } });
if (values.rpc === undefined) {
  console.error('usage: node scripts/deploy.ts --rpc <url>');
  process.exit(2);
}

const transport = http(values.rpc, { timeout: 30_000 });
const publicClient = createPublicClient({ transport });
const chainId = await publicClient.getChainId();
if (chainId !== localChainId) {
  // Public networks use the real USDC; the lending contract's deployment will add them.
  console.error(`chain ${chainId}: only the local chain (${localChainId}) is deployable for now`);
  process.exit(1);
}

// A Hardhat node's accounts are unlocked: the first one deploys.
const [deployer] = await createWalletClient({ transport }).getAddresses();
if (deployer === undefined) {
  throw new Error(`${values.rpc} has no unlocked account to deploy from`);
}
const wallet = createWalletClient({ account: deployer, transport, chain: hardhat });

const artifact = JSON.parse(
  await readFile(
    new URL('../artifacts/contracts/mocks/MockUSDC.sol/MockUSDC.json', import.meta.url),
    'utf8',
  ),
) as { bytecode: Hex };

const hash = await wallet.deployContract({ abi: mockUsdcAbi, bytecode: artifact.bytecode });
const receipt = await publicClient.waitForTransactionReceipt({ hash });
if (receipt.contractAddress === null || receipt.contractAddress === undefined) {
  throw new Error(`MockUSDC deployment ${hash} created no contract`);
}
const usdc = receipt.contractAddress;

for (const demo of demoWallets) {
  const mint = await wallet.writeContract({
    address: usdc,
    abi: mockUsdcAbi,
    functionName: 'mint',
    args: [demo.address, demoUsdcPerWallet],
  });
  await publicClient.waitForTransactionReceipt({ hash: mint });
}

const deployment: Deployment = {
  chainId,
  usdc: { address: usdc, deployBlock: Number(receipt.blockNumber) },
  abiHash: keccak256(toHex(JSON.stringify(mockUsdcAbi))),
};
await mkdir(new URL('../deployments/', import.meta.url), { recursive: true });
await writeFile(
  new URL(`../deployments/${chainId}.json`, import.meta.url),
  `${JSON.stringify(deployment, null, 2)}\n`,
);
console.log(JSON.stringify(deployment));
