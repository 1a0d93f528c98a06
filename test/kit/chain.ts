/**
 * A private Hardhat node with the contracts deployed, for tests and benchmarks: a free port, its
 * own deployment file (never the shared deployments/31337.json) and test-client helpers.
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

export async function startChain(options: { logDir: string; name?: string }): Promise<LocalChain> {
  const root = repoRoot();
  const port = await freePort();
  const rpcUrl = `http://127.0.0.1:${port}`;
  const node = process.execPath;
  const child: Child = startChild({
    name: options.name ?? 'chain',
    command: node,
    args: [
      join(root, 'node_modules/hardhat/dist/src/cli.js'),
      'node',
      '--hostname',
      '127.0.0.1',
      '--port',
      `${port}`,
    ],
    cwd: join(root, 'contracts'),
    logDir: options.logDir,
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
    await run(node, ['scripts/deploy.ts', '--rpc', rpcUrl, '--out', deploymentFile], {
      cwd: join(root, 'contracts'),
    });
    const deployment = JSON.parse(readFileSync(deploymentFile, 'utf8')) as Deployment;
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
