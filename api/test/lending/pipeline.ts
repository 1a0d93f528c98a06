import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';

import type { Hex } from 'viem';

import { type LocalChain, repoRoot, startChain } from '@lendpath/test-kit/chain';
import { run } from '@lendpath/test-kit/children';
import { linkWallet } from '@lendpath/test-kit/demo-loans';
import { type LendingActions, lendingActions } from '@lendpath/test-kit/loans';
import {
  dropDatabase,
  ensureDatabase,
  uniqueDatabaseName,
  withDatabase,
} from '@lendpath/test-kit/postgres';
import { postgresServerUrl, redisUrl } from '@lendpath/test-kit/services';
import { deleteKeys } from '@lendpath/test-kit/test-services';
import { until } from '@lendpath/test-kit/until';
import { Sessions } from '../../src/auth/sessions/sessions';
import type { Env } from '../../src/config/env';
import { migrate } from '../../src/database/data-source';
import { createApp } from '../../src/main';
import { User } from '../../src/users/user.entity';
import { testEnv } from '../test-env';

export interface Member {
  id: string;
  token: string;
  fullname: string;
}

/** The built indexer as its own process, as it runs in production (`npm test -w api` builds it). */
export interface IndexerProcess {
  child: ChildProcess;
  output(): string;
  /** SIGTERM and wait (graceful), or SIGKILL with `hard`. */
  stop(hard?: boolean): Promise<void>;
}

/**
 * The whole lending path on private parts: a Hardhat node with the contracts, a database and a
 * Redis prefix of its own, the API in this process and the indexer as a child process.
 */
export interface Pipeline {
  chain: LocalChain;
  actions: LendingActions;
  app: INestApplication;
  url: string;
  db: DataSource;
  databaseUrl: string;
  /** The API's environment (a second API replica starts with the same). */
  env: Env;
  indexer?: IndexerProcess;
  startIndexer(env?: NodeJS.ProcessEnv): Promise<IndexerProcess>;
  member(fullname: string): Promise<Member>;
  /**
   * Links the wallet of `privateKey` to the member as the web client does (nonce, signed
   * Sign-In with Ethereum message for the API's first CORS origin, POST /wallets); throws unless
   * the API links it.
   */
  linkWallet(member: Member, privateKey: Hex): Promise<void>;
  call<T = unknown>(
    member: Member | undefined,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{
    status: number;
    body: { success: boolean; message: string; code?: string; data: T };
  }>;
  until: typeof until;
  close(): Promise<void>;
}

export interface PipelineOptions {
  /** Another Postgres server (fault tests bring a private one). */
  postgresUrl?: string;
  redisUrl?: string;
  /** Where the indexer reads the chain (a fault-injecting proxy), given the node's URL. */
  indexerRpc?: (rpcUrl: string) => string;
  /** Overrides of the in-process API's environment (the indexer's is `startIndexer`'s). */
  apiEnv?: NodeJS.ProcessEnv;
}

export async function startPipeline(options: PipelineOptions = {}): Promise<Pipeline> {
  const root = repoRoot();
  const databaseUrl = withDatabase(
    options.postgresUrl ?? postgresServerUrl(),
    uniqueDatabaseName('lendpath_lending'),
  );
  // The node takes seconds to boot: the database is prepared meanwhile.
  const [started, prepared] = await Promise.allSettled([
    startChain({ logDir: join(tmpdir(), 'lendpath-api-tests') }),
    (async () => {
      await ensureDatabase(databaseUrl);
      await migrate(databaseUrl);
      await run(process.execPath, [join(root, 'indexer/dist/database/migrate.js')], {
        cwd: root,
        env: { DATABASE_URL: databaseUrl },
      });
    })(),
  ]);
  if (started.status === 'rejected' || prepared.status === 'rejected') {
    if (started.status === 'fulfilled') {
      await started.value.stop();
    }
    throw started.status === 'rejected'
      ? started.reason
      : (prepared as PromiseRejectedResult).reason;
  }
  const chain = started.value;
  const redis = options.redisUrl ?? redisUrl();
  const prefix = `lending-${randomBytes(4).toString('hex')}`;
  const env = testEnv({
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis,
    QUEUE_PREFIX: prefix,
    RPC_URL: chain.rpcUrl,
    DEPLOYMENT_FILE: chain.deploymentFile,
    ...options.apiEnv,
  });
  const app = await createApp(env);
  await app.listen(0, '127.0.0.1');
  const url = await app.getUrl();
  const db = app.get(DataSource);

  const pipeline: Pipeline = {
    chain,
    actions: lendingActions(chain.rpcUrl, chain.deployment),
    app,
    url,
    db,
    databaseUrl,
    env,
    async startIndexer(extra = {}) {
      const child = spawn(process.execPath, [join(root, 'indexer/dist/main.js')], {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          DATABASE_URL: databaseUrl,
          REDIS_URL: redis,
          QUEUE_PREFIX: prefix,
          RPC_URL: options.indexerRpc?.(chain.rpcUrl) ?? chain.rpcUrl,
          DEPLOYMENT_FILE: chain.deploymentFile,
          INDEXER_HEALTH_PORT: '0',
          INDEXER_POLL_MS: '50',
          INDEXER_RPC_TIMEOUT_MS: '1000',
          NO_COLOR: '1',
          ...extra,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await pipeline.until(
        'the indexer to start',
        () => {
          if (child.exitCode !== null) {
            throw new Error(`the indexer exited:\n${output}`);
          }
          return Promise.resolve(output.includes('indexer started'));
        },
        Boolean,
        30_000,
      );
      const indexer: IndexerProcess = {
        child,
        output: () => output,
        async stop(hard = false) {
          if (child.exitCode === null && child.signalCode === null) {
            child.kill(hard ? 'SIGKILL' : 'SIGTERM');
            await once(child, 'exit');
          }
        },
      };
      pipeline.indexer = indexer;
      return indexer;
    },
    async member(fullname) {
      const user = await db.getRepository(User).save({
        email: `${randomUUID()}@example.com`,
        phone: '555 0100',
        fullname,
        passwordHash: 'x',
        emailVerifiedAt: new Date(),
      });
      return { id: user.id, fullname, token: (await app.get(Sessions).start(user.id)).token };
    },
    async linkWallet(member, privateKey) {
      const { status, body } = await linkWallet({
        apiUrl: url,
        token: member.token,
        privateKey,
        webOrigin: env.CORS_ORIGINS[0] as string,
        chainId: chain.deployment.chainId,
      });
      if (status !== 201) {
        throw new Error(`linking a wallet for ${member.fullname}: ${status} ${body.message}`);
      }
    },
    async call(member, method, path, body) {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${member?.token ?? ''}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as never };
    },
    until,
    async close() {
      try {
        await pipeline.indexer?.stop();
        await app.close();
      } finally {
        // A node left running would keep jest from exiting.
        await chain.stop();
        await dropDatabase(databaseUrl).catch(() => undefined);
        await deleteKeys(redis, `${prefix}:*`).catch(() => undefined);
      }
    },
  };
  return pipeline;
}
