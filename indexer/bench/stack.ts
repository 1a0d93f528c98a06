/** The indexer bench's stack: the generated loans on a private chain, the built API and indexer. */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type pg from 'pg';

import { type LocalChain, repoRoot } from '@lendpath/test-kit/chain';
import { answers, type Child, run, startChild, waitUntil } from '@lendpath/test-kit/children';
import { freePort } from '@lendpath/test-kit/ports';

export const root = repoRoot();
const node = process.execPath;
export const logDir = join(tmpdir(), `lendpath-bench-${process.pid}`);

export interface Stack {
  chain: LocalChain;
  databaseUrl: string;
  db: pg.Client;
  redis: string;
  prefix: string;
  api: Child;
  apiUrl: string;
  indexer?: Child;
  indexerHealthUrl?: string;
}

/** What contracts/bench/generate-loans.cli.ts prints. */
export interface GeneratedLoans {
  loans: number;
  events: number;
  fromBlock: number;
  toBlock: number;
  seconds: number;
}

export async function generate(chain: LocalChain, loans: number): Promise<GeneratedLoans> {
  const output = await run(
    node,
    [
      'contracts/bench/generate-loans.cli.ts',
      ...['--rpc', chain.rpcUrl, '--deployment', chain.deploymentFile, '--loans', `${loans}`],
    ],
    { cwd: root },
  );
  const result = output
    .split('\n')
    .reverse()
    .find((line) => line.startsWith('{'));
  if (result === undefined) {
    throw new Error(`the loan generator printed no result:\n${output}`);
  }
  return JSON.parse(result) as GeneratedLoans;
}

export async function startApi(
  partial: Omit<Stack, 'api' | 'apiUrl'>,
): Promise<Pick<Stack, 'api' | 'apiUrl'>> {
  const port = await freePort();
  const api = startChild({
    name: 'api',
    command: node,
    args: [join(root, 'api/dist/main.js')],
    cwd: root,
    logDir,
    env: {
      NODE_ENV: 'production',
      API_HOST: '127.0.0.1',
      API_PORT: `${port}`,
      DATABASE_URL: partial.databaseUrl,
      REDIS_URL: partial.redis,
      QUEUE_PREFIX: partial.prefix,
      RPC_URL: partial.chain.rpcUrl,
      DEPLOYMENT_FILE: partial.chain.deploymentFile,
      // Nothing is mailed in the bench: these only have to be valid.
      SMTP_URL: 'smtp://127.0.0.1:1025',
      CODE_SECRET: randomBytes(32).toString('hex'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      NOTICE_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_API_URL: `http://127.0.0.1:${port}`,
      ACCESS_TOKEN_TTL_SECONDS: '3600',
    },
  });
  const apiUrl = `http://127.0.0.1:${port}`;
  await waitUntil(api, 'HTTP', answers(`${apiUrl}/health`));
  return { api, apiUrl };
}

/**
 * Starts the indexer (on `databaseUrl`: the stack's, or the same with connection options);
 * `started` is when it printed that it had (Date.now()).
 */
export async function startIndexer(
  stack: Stack,
  databaseUrl = stack.databaseUrl,
): Promise<{ started: Promise<number>; warmSentMs: () => number | undefined }> {
  const port = await freePort();
  const indexer = startChild({
    name: 'indexer',
    command: node,
    args: [join(root, 'indexer/dist/main.js')],
    cwd: root,
    logDir,
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      REDIS_URL: stack.redis,
      QUEUE_PREFIX: stack.prefix,
      RPC_URL: stack.chain.rpcUrl,
      RPC_WS_URL: stack.chain.wsUrl,
      DEPLOYMENT_FILE: stack.chain.deploymentFile,
      INDEXER_HEALTH_PORT: `${port}`,
    },
  });
  stack.indexer = indexer;
  stack.indexerHealthUrl = `http://127.0.0.1:${port}`;
  // When the warm start had sent the first range (ms after the process started), as it logs it.
  let warmSentMs: number | undefined;
  const started = new Promise<number>((resolve) => {
    let seen = '';
    const look = (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4_096);
      const warm = /warm start: [^"]*?(\d+) ms after the process started/.exec(seen);
      if (warm !== null) {
        warmSentMs = Number(warm[1]);
      }
      if (seen.includes('indexer started')) {
        indexer.process.stdout?.off('data', look);
        resolve(Date.now());
      }
    };
    indexer.process.stdout?.on('data', look);
  });
  return { started, warmSentMs: () => warmSentMs };
}
