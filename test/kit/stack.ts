/**
 * The whole product on one machine: a Hardhat node with the contracts deployed, the database
 * migrated, the mail inbox, api, indexer and web. `npm run dev` runs it for people; the
 * end-to-end tests run it on free ports with a database of their own.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import type { Deployment } from '@lendpath/contracts';

import pg from 'pg';

import { buildIfStale } from './build.ts';
import { CHAIN_IDS, type ChainShape, deployContracts, startHardhatNode } from './chain.ts';
import { answers, type Child, run, startChild, stopChildren, waitUntil } from './children.ts';
import { freePort } from './ports.ts';
import { ensureDatabase } from './postgres.ts';
import { step } from './progress.ts';

export const root = join(import.meta.dirname, '..', '..');
const node = process.execPath;
const bin = (path: string) => join(root, 'node_modules', path);

export interface StackOptions {
  /** dev: watch mode and the usual ports when free. test: built code on free ports. */
  mode: 'dev' | 'test';
  /** The product's database; created when missing. */
  databaseUrl: string;
  redisUrl: string;
  /** BullMQ key prefix, so a test run never meets another run's jobs. */
  queuePrefix: string;
  /** Each process writes `<logDir>/<name>.log`. */
  logDir: string;
  /**
   * The chain the stack runs on (default `local`, Hardhat's 31337): `arbitrum-sepolia` runs it
   * all on the Sepolia-shaped local chain (chain.ts).
   */
  shape?: ChainShape;
  /** Build contracts, indexer and api first (default). A second stack in the same run skips it. */
  build?: boolean;
}

export interface StackUrls {
  web: string;
  api: string;
  indexerHealth: string;
  mailInbox: string;
  smtp: { host: string; port: number };
  rpc: string;
}

/** A seeded member a newcomer can log in as (api/src/database/demo-members.ts). */
export interface DemoMember {
  fullname: string;
  email: string;
  password: string;
  wallet: string;
}

export interface Stack {
  urls: StackUrls;
  /** Where the deployment was written (the apps read it as DEPLOYMENT_FILE). */
  deploymentFile: string;
  deployment: Deployment;
  demoMembers: DemoMember[];
  stop(): Promise<void>;
}

/**
 * A signing key. Dev keeps each in .dev/<name> so codes and sign-ins survive a restart; each test
 * run gets fresh ones.
 */
async function persistentSecret(dev: boolean, name: string): Promise<string> {
  if (!dev) {
    return randomBytes(32).toString('hex');
  }
  const file = join(root, '.dev', name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(32).toString('hex');
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}

async function rpcAnswers(url: string): Promise<boolean> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    signal: AbortSignal.timeout(2_000),
  });
  return response.ok;
}

async function rpcCall(url: string, method: string, params: unknown[]): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { error?: { message: string } };
  if (body.error !== undefined) {
    throw new Error(`${method}: ${body.error.message}`);
  }
}

/** Empties the event store and the lending projection: they belonged to the previous chain. */
async function forgetPreviousChain(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`TRUNCATE indexer.sources, indexer.blocks, indexer.chain_events,
      indexer.outbox, app.loan_chain_hints, app.loan_funding_intents, app.loan_requests`);
  } finally {
    await client.end();
  }
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const dev = options.mode === 'dev';
  const shape = options.shape ?? 'local';
  const prefer = (port: number) => freePort(dev ? port : undefined);
  const ports = {
    rpc: await prefer(8545),
    api: await prefer(3000),
    indexerHealth: await prefer(3100),
    web: await prefer(5173),
    smtp: await prefer(1025),
    mailInbox: await prefer(1080),
  };
  const urls: StackUrls = {
    rpc: `http://127.0.0.1:${ports.rpc}`,
    api: `http://localhost:${ports.api}`,
    indexerHealth: `http://127.0.0.1:${ports.indexerHealth}`,
    web: `http://localhost:${ports.web}`,
    mailInbox: `http://127.0.0.1:${ports.mailInbox}`,
    smtp: { host: '127.0.0.1', port: ports.smtp },
  };
  const logDir = options.logDir;
  const appEnv = {
    NODE_ENV: dev ? 'development' : 'test',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    QUEUE_PREFIX: options.queuePrefix,
  };
  // This stack's processes only: a test may run a second stack beside the first.
  const children: Child[] = [];
  const start = (child: Child) => {
    children.push(child);
    return child;
  };
  const stop = () => stopChildren([...children].reverse());

  try {
    await step('database', async () => {
      await ensureDatabase(options.databaseUrl);
    });

    if (options.build !== false) {
      // What is older than its sources only: in `npm test` the api's and indexer's suites have
      // just built them, and a second build cost the end-to-end run ~25 s on a slow guest.
      await step('build contracts, indexer and api (where stale)', () => buildIfStale(['api']));
    }

    await step(`Hardhat node on ${urls.rpc} (chain ${CHAIN_IDS[shape]})`, async () => {
      const child = start(startHardhatNode({ port: ports.rpc, logDir, shape }));
      await waitUntil(child, 'JSON-RPC', () => rpcAnswers(urls.rpc));
    });

    // Dev keeps contracts/deployments/31337.json for people's tools; a test run has its own.
    // The Sepolia-shaped chain never writes contracts/deployments/421614.json: that file is the
    // real network's.
    const deploymentFile = !dev
      ? join(logDir, 'deployment.json')
      : shape === 'local'
        ? join(root, 'contracts', 'deployments', '31337.json')
        : join(root, '.dev', `deployment-${shape}.json`);
    const deployment = await step('deploy contracts and fund demo wallets', async () => {
      const deployed = await deployContracts(urls.rpc, shape, deploymentFile);
      // A block a second from now on (transactions still mine at once): finality moves on
      // the local chain as it does on a real one, so pending → safe → finalized shows.
      await rpcCall(urls.rpc, 'evm_setIntervalMining', [1_000]);
      return deployed;
    });

    await step('migrations', async () => {
      await run(node, ['api/dist/database/migrate.js'], { cwd: root, env: appEnv });
      await run(node, ['indexer/dist/database/migrate.js'], { cwd: root, env: appEnv });
      // Each run starts a new chain, so what the database followed of the last one is void.
      await forgetPreviousChain(options.databaseUrl);
    });

    const demoMembers = await step('demo members', async () => {
      const output = await run(node, ['api/dist/database/seed.cli.js'], { cwd: root, env: appEnv });
      return (JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as { demoMembers: DemoMember[] })
        .demoMembers;
    });

    await step(`mail inbox on ${urls.mailInbox}`, async () => {
      const child = start(
        startChild({
          name: 'mail',
          command: node,
          args: [
            bin('maildev/dist/bin/maildev.js'),
            '--ip',
            '127.0.0.1',
            '--smtp',
            `${ports.smtp}`,
            '--web-ip',
            '127.0.0.1',
            '--web',
            `${ports.mailInbox}`,
          ],
          cwd: root,
          logDir,
        }),
      );
      await waitUntil(child, 'web inbox', answers(`${urls.mailInbox}/api/healthz`));
    });

    /** A Nest app: watch mode in dev (rebuilds on change), the built code in tests. */
    const startNestApp = async (
      name: 'api' | 'indexer',
      env: NodeJS.ProcessEnv,
      health: string,
    ) => {
      const child = start(
        startChild({
          name,
          command: node,
          args: dev
            ? [bin('@nestjs/cli/bin/nest.js'), 'start', name, '--watch', '--preserveWatchOutput']
            : [`${name}/dist/main.js`],
          cwd: root,
          env: { ...appEnv, ...env },
          logDir,
          echo: true,
        }),
      );
      await waitUntil(child, '/health', answers(`${health}/health`));
    };

    await step(`api on ${urls.api}`, async () =>
      startNestApp(
        'api',
        {
          API_HOST: '127.0.0.1',
          API_PORT: `${ports.api}`,
          CORS_ORIGINS: urls.web,
          SMTP_URL: `smtp://${urls.smtp.host}:${urls.smtp.port}`,
          CODE_SECRET: await persistentSecret(dev, 'code-secret'),
          JWT_SECRET: await persistentSecret(dev, 'jwt-secret'),
          // Kept like the others, so stop links in mails sent before a restart still work.
          NOTICE_SECRET: await persistentSecret(dev, 'notice-secret'),
          PUBLIC_API_URL: urls.api,
          RPC_URL: urls.rpc,
          DEPLOYMENT_FILE: deploymentFile,
        },
        urls.api,
      ),
    );

    await step(`indexer (health on ${urls.indexerHealth})`, () =>
      startNestApp(
        'indexer',
        {
          INDEXER_HEALTH_HOST: '127.0.0.1',
          INDEXER_HEALTH_PORT: `${ports.indexerHealth}`,
          RPC_URL: urls.rpc,
          RPC_WS_URL: urls.rpc.replace('http', 'ws'),
          DEPLOYMENT_FILE: deploymentFile,
        },
        urls.indexerHealth,
      ),
    );

    if (dev) {
      // Loaded here: it needs the contracts' built package, which this run has just built.
      const { createDemoLoans } = await import('./demo-loans.ts');
      const demo = await step('demo loans through the contract, the API and the indexer', () =>
        createDemoLoans({
          apiUrl: urls.api,
          rpcUrl: urls.rpc,
          deployment,
          members: demoMembers,
          webOrigin: urls.web,
        }),
      );
      console.log(
        `    ${demo.loans} loans; one made on chain reached the API's list in ${demo.lastSeenAfterMs} ms`,
      );
    }

    await step(`web on ${urls.web}`, async () => {
      // PUBLIC_RPC_URL: the chain the production build's policy lets the page reach.
      const webEnv = { VITE_API_URL: urls.api, PUBLIC_RPC_URL: urls.rpc };
      const vite = bin('vite/bin/vite.js');
      // A second stack's bundle goes beside its logs: web/dist is the first stack's, still served.
      const outDir = shape === 'local' ? [] : ['--outDir', join(logDir, 'web-dist')];
      if (!dev) {
        // Tests run the production bundle, built for this run's API address.
        await run(node, [vite, 'build', ...outDir], { cwd: join(root, 'web'), env: webEnv });
      }
      const child = start(
        startChild({
          name: 'web',
          command: node,
          args: [
            vite,
            dev ? 'dev' : 'preview',
            ...outDir,
            '--host',
            'localhost',
            '--port',
            `${ports.web}`,
            '--strictPort',
          ],
          cwd: join(root, 'web'),
          env: webEnv,
          logDir,
          echo: true,
        }),
      );
      await waitUntil(child, 'the login page', answers(`${urls.web}/login`));
    });

    return { urls, deployment, deploymentFile, demoMembers, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
