/**
 * Deploys MicroLending and writes deployments/<chainId>.json (addresses, deploy blocks, ABI hash).
 *
 * On a public network (`--network arbitrumSepolia|arbitrumOne`) the deployer's key comes from
 * DEPLOYER_PRIVATE_KEY and the RPC from ARBITRUM_SEPOLIA_RPC_URL / ARBITRUM_ONE_RPC_URL (or
 * --rpc); the contract lends the network's real USDC; the owner and the fee recipient are the
 * deployer unless given. It checks the RPC's chain, the code at the USDC address and the
 * deployer's gas money before sending anything, and prints how to verify the source.
 *
 * On the local Hardhat chain (31337, `--rpc` alone) it first deploys Circle's own USDC code
 * (FiatTokenV2_2 behind FiatTokenProxy, as on Arbitrum; the node's first account is its
 * minter), mints demo USDC and gives ETH to the demo wallets.
 *
 *   node scripts/deploy.ts --network arbitrumSepolia [--owner <address>] [--fee-recipient <address>]
 *   node scripts/deploy.ts --rpc http://127.0.0.1:8545 [--out /tmp/deployment.json]
 *   node scripts/deploy.ts --rpc <url> --usdc <address> --owner <address> --fee-recipient <address>
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import {
  type Account,
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  formatEther,
  getAddress,
  type Hex,
  http,
  isAddress,
  keccak256,
  type PublicClient,
  toHex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

import type { DeployedContract, Deployment } from '../src/deployment.ts';
import { localChainId } from '../src/demo-wallets.ts';
import { microLendingAbi } from '../src/generated/abi.ts';
import { chainName, PUBLIC_NETWORKS, type PublicNetwork } from '../src/networks.ts';
import { deployFiatToken } from './fiat-token.ts';
import { fundDemoWallets, isHardhatNode, localNode } from './local-chain.ts';

/** A refusal before anything was sent: printed as it is, exit code 2. */
class DeployError extends Error {}

const USAGE = `usage:
  npm run deploy -w contracts -- --network arbitrumSepolia|arbitrumOne [--rpc <url>] [--usdc <address>] [--owner <address>] [--fee-recipient <address>] [--out <file>]
      (DEPLOYER_PRIVATE_KEY, and ARBITRUM_SEPOLIA_RPC_URL or ARBITRUM_ONE_RPC_URL unless --rpc)
  npm run deploy -w contracts -- --rpc <local node> [--out <file>]
  npm run deploy -w contracts -- --rpc <node with unlocked accounts> --usdc <address> [--owner <address>] [--fee-recipient <address>] [--out <file>]`;

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        network: { type: 'string' },
        rpc: { type: 'string' },
        usdc: { type: 'string' },
        owner: { type: 'string' },
        'fee-recipient': { type: 'string' },
        /** Where to write the deployment instead of deployments/<chainId>.json (tests use their own). */
        out: { type: 'string' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
})();

/** An RPC URL as it may be printed: providers put their API key in the path or the query. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const hidden = parsed.pathname.length > 1 || parsed.search !== '' || parsed.username !== '';
    return `${parsed.protocol}//${parsed.host}${hidden ? '/…' : ''}`;
  } catch {
    return '(not a URL)';
  }
}

function addressFlag(name: string, value: string | undefined): Address | undefined {
  if (value === undefined) {
    return undefined;
  }
  if (!isAddress(value, { strict: false })) {
    throw new DeployError(`--${name} must be an address (0x and 40 hex digits), not "${value}"`);
  }
  return getAddress(value);
}

interface Target {
  rpcUrl: string;
  publicClient: PublicClient;
  chainId: number;
  /** The public network asked for, or undefined for a local node. */
  network: PublicNetwork | undefined;
  /** Signs with DEPLOYER_PRIVATE_KEY on a public network; else the node's first unlocked account. */
  account: Account | Address;
  /** Whether the node is a local Hardhat node (a Sepolia-shaped one included). */
  hardhatNode: boolean;
}

/** The network's RPC and the deployer's key from the environment, each checked before use. */
async function publicTarget(network: PublicNetwork): Promise<Target> {
  const rpcUrl = values.rpc ?? process.env[network.rpcUrlVariable];
  if (rpcUrl === undefined || rpcUrl === '') {
    throw new DeployError(
      `${network.rpcUrlVariable} is not set: the ${network.name} JSON-RPC endpoint to deploy through (or pass --rpc <url>)`,
    );
  }
  const key = process.env.DEPLOYER_PRIVATE_KEY;
  if (key === undefined || key === '') {
    throw new DeployError(
      `DEPLOYER_PRIVATE_KEY is not set: the private key of the account that deploys and pays the gas on ${network.name}`,
    );
  }
  const normalized = key.startsWith('0x') ? key : `0x${key}`;
  if (!/^0x[0-9a-fA-F]{64}$/.test(normalized)) {
    throw new DeployError(
      'DEPLOYER_PRIVATE_KEY must be 32 bytes in hex (64 hex digits, 0x optional)',
    );
  }
  const account = privateKeyToAccount(normalized as Hex);
  const publicClient = createPublicClient({ transport: http(rpcUrl, { timeout: 30_000 }) });
  const chainId = await chainIdOf(publicClient, rpcUrl);
  if (chainId !== network.chainId) {
    throw new DeployError(
      `the RPC at ${redactUrl(rpcUrl)} is on chain ${chainId} (${chainName(chainId)}), but --network ${network.key} is chain ${network.chainId} (${network.name}): check ${values.rpc === undefined ? network.rpcUrlVariable : '--rpc'}`,
    );
  }
  return {
    rpcUrl,
    publicClient,
    chainId,
    network,
    account,
    hardhatNode: await isHardhatNode(publicClient),
  };
}

async function chainIdOf(publicClient: PublicClient, rpcUrl: string): Promise<number> {
  try {
    return await publicClient.getChainId();
  } catch (error) {
    throw new DeployError(
      `could not reach the RPC at ${redactUrl(rpcUrl)}: ${(error as { shortMessage?: string }).shortMessage ?? (error as Error).message}`,
    );
  }
}

/** The USDC the contract will lend: code at the address, and six decimals, as Circle's has. */
async function checkUsdc(target: Target, usdc: Address, given: boolean): Promise<void> {
  const where = target.network?.name ?? `chain ${target.chainId}`;
  if ((await target.publicClient.getCode({ address: usdc })) === undefined) {
    throw new DeployError(
      given
        ? `no contract at the USDC address ${usdc} on ${where}: check --usdc`
        : `no contract at ${where}'s USDC address ${usdc}: the RPC does not serve ${where}'s state`,
    );
  }
  const decimals = await target.publicClient
    .readContract({ address: usdc, abi: erc20Abi, functionName: 'decimals' })
    .catch(() => undefined);
  if (decimals !== 6) {
    throw new DeployError(
      `the contract at ${usdc} on ${where} is not USDC: it answers decimals() with ${decimals ?? 'nothing'}, not 6`,
    );
  }
}

async function bytecodeOf(artifact: string): Promise<Hex> {
  const url = new URL(`../artifacts/contracts/${artifact}`, import.meta.url);
  return (JSON.parse(await readFile(url, 'utf8')) as { bytecode: Hex }).bytecode;
}

async function main(): Promise<void> {
  let target: Target;
  /** The local node's clients, when `--rpc` names one without `--network`. */
  let localClients: Awaited<ReturnType<typeof localNode>> | undefined;
  if (values.network !== undefined) {
    const network = Object.hasOwn(PUBLIC_NETWORKS, values.network)
      ? PUBLIC_NETWORKS[values.network as PublicNetwork['key']]
      : undefined;
    if (network === undefined) {
      throw new DeployError(
        `--network must be ${Object.keys(PUBLIC_NETWORKS).join(' or ')}, not "${values.network}"`,
      );
    }
    target = await publicTarget(network);
  } else if (values.rpc !== undefined) {
    localClients = await localNode(values.rpc);
    target = {
      rpcUrl: values.rpc,
      publicClient: localClients.publicClient,
      chainId: localClients.chainId,
      network: undefined,
      account: localClients.wallet.account.address,
      hardhatNode: await isHardhatNode(localClients.publicClient),
    };
  } else {
    throw new DeployError(`give --network or --rpc\n${USAGE}`);
  }
  const { publicClient, chainId, network } = target;
  /** The local chain 31337: its USDC and demo funds come with the deployment. */
  const local = chainId === localChainId ? localClients : undefined;
  if (network === undefined && local === undefined && values.usdc === undefined) {
    throw new DeployError(
      `chain ${chainId} is not the local chain: give the real USDC address with --usdc, or --network`,
    );
  }
  if (network !== undefined && target.hardhatNode && values.out === undefined) {
    throw new DeployError(
      `the RPC is a local Hardhat node answering as ${network.name}: give --out <file>, so ${network.name}'s real deployments/${chainId}.json stays as it is`,
    );
  }
  const owner = addressFlag('owner', values.owner);
  const feeRecipient = addressFlag('fee-recipient', values['fee-recipient']);
  const givenUsdc = addressFlag('usdc', values.usdc);

  const chain = defineChain({
    id: chainId,
    name: chainName(chainId),
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [target.rpcUrl] } },
  });
  const wallet = createWalletClient({
    account: target.account,
    transport: http(target.rpcUrl, { timeout: 30_000 }),
    chain,
  });
  const deployer = wallet.account.address;

  let usdc: DeployedContract;
  if (local !== undefined) {
    const token = await deployFiatToken(publicClient, local.wallet);
    await fundDemoWallets(local.node, token);
    usdc = { address: token.address, deployBlock: token.deployBlock };
  } else {
    const address = givenUsdc ?? network?.usdc;
    if (address === undefined) {
      throw new DeployError('give the USDC address with --usdc');
    }
    await checkUsdc(target, address, givenUsdc !== undefined);
    usdc = { address, deployBlock: 0 };
  }
  if (network !== undefined) {
    const balance = await publicClient.getBalance({ address: deployer });
    if (balance === 0n) {
      throw new DeployError(
        `the deployer ${deployer} (DEPLOYER_PRIVATE_KEY) has no ETH on ${network.name} to pay for gas`,
      );
    }
    console.error(
      `Deploying MicroLending on ${network.name} (chain ${chainId}) from ${deployer} (${formatEther(balance)} ETH), lending USDC ${usdc.address}`,
    );
  }

  const args = [usdc.address, owner ?? deployer, feeRecipient ?? owner ?? deployer] as const;
  const hash = await wallet.deployContract({
    abi: microLendingAbi,
    bytecode: await bytecodeOf('MicroLending.sol/MicroLending.json'),
    args,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (
    receipt.status !== 'success' ||
    receipt.contractAddress === null ||
    receipt.contractAddress === undefined
  ) {
    throw new Error(`MicroLending deployment ${hash} failed`);
  }
  const lending: DeployedContract = {
    address: getAddress(receipt.contractAddress),
    deployBlock: Number(receipt.blockNumber),
  };

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
  if (network !== undefined) {
    console.log(verifyInstructions(network, target.hardhatNode, { hash, lending, args, out }));
  }
}

/** What to do next on a public network: the explorer page and the exact verify command. */
function verifyInstructions(
  network: PublicNetwork,
  hardhatNode: boolean,
  deployed: { hash: Hex; lending: DeployedContract; args: readonly Address[]; out: URL },
): string {
  const { hash, args, out } = deployed;
  const lending = deployed.lending.address;
  const path = fileURLToPath(out);
  const file = relative(process.cwd(), path).startsWith('..')
    ? path
    : relative(process.cwd(), path);
  if (hardhatNode) {
    return `
MicroLending is at ${lending} on a local Hardhat node answering as ${network.name}; written to ${file}.
Nothing to verify: no explorer sees this chain.`;
  }
  return `
MicroLending is at ${lending} on ${network.name} (block ${deployed.lending.deployBlock}); written to ${file}.
  ${network.explorerUrl}/address/${lending}
  ${network.explorerUrl}/tx/${hash}

Verify its source on the explorer (Etherscan's API covers ${new URL(network.explorerUrl).host}; with ETHERSCAN_API_KEY and ${network.rpcUrlVariable} set), from contracts/:
  npx hardhat verify --network ${network.key} ${lending} ${args.join(' ')}`;
}

try {
  await main();
} catch (error) {
  if (error instanceof DeployError) {
    console.error(`deploy: ${error.message}`);
    process.exit(2);
  }
  throw error;
}
