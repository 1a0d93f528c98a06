/**
 * Deploys MicroLending and writes deployments/<chainId>.json (addresses, deploy blocks, ABI hash).
 * On the local Hardhat chain it first deploys Circle's own USDC code (FiatTokenV2_2 behind
 * FiatTokenProxy, as on Arbitrum; the node's first account is its minter), mints demo USDC and
 * gives ETH to the demo wallets; elsewhere it lends the USDC given by --usdc.
 *
 *   node scripts/deploy.ts --rpc http://127.0.0.1:8545
 *   node scripts/deploy.ts --rpc <url> --usdc <address> --owner <address> --fee-recipient <address>
 *   node scripts/deploy.ts --rpc <url> --out /tmp/deployment.json
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  getAddress,
  type Hex,
  http,
  keccak256,
  toHex,
} from 'viem';

import type { DeployedContract, Deployment } from '../src/deployment.ts';
import {
  demoEthPerWallet,
  demoUsdcPerWallet,
  demoWallets,
  localChainId,
} from '../src/demo-wallets.ts';
import { microLendingAbi } from '../src/generated/abi.ts';
import { deployFiatToken, type FiatToken } from './fiat-token.ts';

const { values } = parseArgs({
  options: {
    rpc: { type: 'string' },
    usdc: { type: 'string' },
    owner: { type: 'string' },
    'fee-recipient': { type: 'string' },
    /** Where to write the deployment instead of deployments/<chainId>.json (tests use their own). */
    out: { type: 'string' },
  },
});
if (values.rpc === undefined) {
  console.error(
    'usage: node scripts/deploy.ts --rpc <url> [--usdc <address>] [--owner <address>] [--fee-recipient <address>] [--out <file>]',
  );
  process.exit(2);
}

const transport = http(values.rpc, { timeout: 30_000 });
const publicClient = createPublicClient({ transport });
const chainId = await publicClient.getChainId();
const local = chainId === localChainId;
if (!local && values.usdc === undefined) {
  console.error(`chain ${chainId} is not the local chain: give the real USDC address with --usdc`);
  process.exit(2);
}

// The node's first unlocked account deploys (a Hardhat node's accounts are unlocked).
const [deployer] = await createWalletClient({ transport }).getAddresses();
if (deployer === undefined) {
  throw new Error(`${values.rpc} has no unlocked account to deploy from`);
}
const chain = defineChain({
  id: chainId,
  name: `chain ${chainId}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [values.rpc] } },
});
const wallet = createWalletClient({ account: deployer, transport, chain });

async function bytecodeOf(artifact: string): Promise<Hex> {
  const url = new URL(`../artifacts/contracts/${artifact}`, import.meta.url);
  return (JSON.parse(await readFile(url, 'utf8')) as { bytecode: Hex }).bytecode;
}

async function deployed(hash: Hex, name: string): Promise<DeployedContract> {
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (
    receipt.status !== 'success' ||
    receipt.contractAddress === null ||
    receipt.contractAddress === undefined
  ) {
    throw new Error(`${name} deployment ${hash} failed`);
  }
  return { address: getAddress(receipt.contractAddress), deployBlock: Number(receipt.blockNumber) };
}

let usdc: DeployedContract;
let localUsdc: FiatToken | undefined;
if (local) {
  localUsdc = await deployFiatToken(publicClient, wallet);
  usdc = { address: localUsdc.address, deployBlock: localUsdc.deployBlock };
} else {
  usdc = { address: getAddress(values.usdc as string), deployBlock: 0 };
}

const owner = getAddress(values.owner ?? deployer);
const feeRecipient = getAddress(values['fee-recipient'] ?? owner);
const lending = await deployed(
  await wallet.deployContract({
    abi: microLendingAbi,
    bytecode: await bytecodeOf('MicroLending.sol/MicroLending.json'),
    args: [usdc.address, owner, feeRecipient],
  }),
  'MicroLending',
);

if (localUsdc !== undefined) {
  const testClient = createTestClient({ mode: 'hardhat', transport, chain });
  for (const demo of demoWallets) {
    // Gas money, whatever accounts the node was started with.
    await testClient.setBalance({ address: demo.address, value: demoEthPerWallet });
    await localUsdc.mint(demo.address, demoUsdcPerWallet);
  }
}

const deployment: Deployment = {
  chainId,
  lending,
  usdc,
  abiHash: keccak256(toHex(JSON.stringify(microLendingAbi))),
};
const out =
  values.out === undefined
    ? new URL(`../deployments/${chainId}.json`, import.meta.url)
    : pathToFileURL(resolve(values.out));
await mkdir(new URL('./', out), { recursive: true });
await writeFile(out, `${JSON.stringify(deployment, null, 2)}\n`);
console.log(JSON.stringify(deployment));
