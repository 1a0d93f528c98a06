/**
 * A private Hardhat node with the contracts deployed, for tests and benchmarks: a free port, its
 * own deployment file (never the shared deployments/31337.json) and test-client helpers. The
 * node is the local chain 31337, or the Sepolia-shaped one: Arbitrum Sepolia's chain id with
 * Circle's USDC at its real address (contracts/scripts/arbitrum-sepolia-local.ts).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import type { Deployment } from '@lendpath/contracts';

import { type Child, run, startChild, stopChildren, waitUntil } from './children.ts';
import { freePort } from './ports.ts';

/** The repository root (found from the working directory: this file also runs under jest). */
export function repoRoot(): string {
  let dir = process.cwd();
  while (!existsSync(join(dir, 'nest-cli.json'))) {
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(`no repository root above ${process.cwd()}`);
    }
    dir = parent;
  }
  return dir;
}

export interface LocalChain {
  rpcUrl: string;
  deployment: Deployment;
  /** The deployment as a file, for apps that take DEPLOYMENT_FILE. */
  deploymentFile: string;
  /** The same node over WebSocket (new-head subscriptions). */
  wsUrl: string;
  /** A JSON-RPC call to the node (evm_snapshot, evm_revert, evm_mine, evm_setAutomine…). */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Mines `count` blocks one evm_mine at a time (hardhat_mine leaves zero parent hashes). */
  mine(count?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Which chain a local node plays: `local` is Hardhat's own 31337 (USDC deployed like any
 * contract, finality by depth); `arbitrum-sepolia` is chain 421614 with USDC at Arbitrum
 * Sepolia's real address and MicroLending deployed as on the real network (finality by the
 * node's block tags).
 */
export type ChainShape = 'local' | 'arbitrum-sepolia';

/** The chain id each shape's node is started with. */
export const CHAIN_IDS: Readonly<Record<ChainShape, number>> = {
  local: 31337,
  'arbitrum-sepolia': 421614,
};

/** Starts `hardhat node` on `port` as one process (DESIGN §8), with the shape's chain id. */
export function startHardhatNode(options: {
  port: number;
  logDir: string;
  name?: string;
  shape?: ChainShape;
  env?: NodeJS.ProcessEnv;
}): Child {
  const root = repoRoot();
  return startChild({
    name: options.name ?? 'chain',
    command: process.execPath,
    args: [
      join(root, 'node_modules/hardhat/dist/src/cli.js'),
      'node',
      '--hostname',
      '127.0.0.1',
      '--port',
      `${options.port}`,
      '--chain-id',
      `${CHAIN_IDS[options.shape ?? 'local']}`,
    ],
    cwd: join(root, 'contracts'),
    logDir: options.logDir,
    env: options.env,
  });
}

/**
 * Deploys the contracts on a fresh node of that shape and writes the deployment to `out`: the
 * local chain's deploy (its own USDC, demo funds), or the Sepolia-shaped chain's (USDC placed at
 * the real address, demo funds, then the public-network deploy path).
 */
export async function deployContracts(
  rpcUrl: string,
  shape: ChainShape,
  out: string,
): Promise<Deployment> {
  const script = shape === 'local' ? 'scripts/deploy.ts' : 'scripts/arbitrum-sepolia-local.ts';
  await run(process.execPath, [script, '--rpc', rpcUrl, '--out', out], {
    cwd: join(repoRoot(), 'contracts'),
  });
  return JSON.parse(readFileSync(out, 'utf8')) as Deployment;
}

export async function startChain(options: {
  logDir: string;
  name?: string;
  shape?: ChainShape;
}): Promise<LocalChain> {
  const port = await freePort();
  const rpcUrl = `http://127.0.0.1:${port}`;
  const child = startHardhatNode({
    port,
    logDir: options.logDir,
    name: options.name,
    shape: options.shape,
    // The node's EVM (EDR) allocates with mimalloc. Keeping freed pages instead of returning
    // them to the OS, and no transparent huge pages, make full blocks much faster to mine: the
    // benchmark's 16,700 loans took 13–14 s instead of 19–28 s on two cores.
    env: { MIMALLOC_ALLOW_THP: '0', MIMALLOC_PURGE_DELAY: '-1' },
  });
  let nextId = 1;
  const rpc = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error !== undefined) {
      throw new Error(`${method}: ${body.error.message}`);
    }
    return body.result as T;
  };
  const dir = mkdtempSync(join(tmpdir(), 'lendpath-chain-'));
  try {
    await waitUntil(child, 'JSON-RPC', async () => (await rpc<string>('eth_chainId')) !== '');
    const deploymentFile = join(dir, 'deployment.json');
    const deployment = await deployContracts(rpcUrl, options.shape ?? 'local', deploymentFile);
    return {
      rpcUrl,
      wsUrl: `ws://127.0.0.1:${port}`,
      deployment,
      deploymentFile,
      rpc,
      async mine(count = 1) {
        for (let i = 0; i < count; i++) {
          await rpc('evm_mine');
        }
      },
      async stop() {
        await stopChildren([child], 5_000);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stopChildren([child], 0);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
