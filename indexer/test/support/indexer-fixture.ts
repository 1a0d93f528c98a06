import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';

import { type ChainShape, type LocalChain, startChain } from '@lendpath/test-kit/chain';
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
import { type Env, loadEnv } from '../../src/config/env';
import { dataSourceOptions, migrate } from '../../src/database/data-source';
import { HealthServer } from '../../src/health/health.server';
import { createIndexer } from '../../src/app';
import type { WarmStart } from '../../src/follower/warm-start';
import { CHAIN_EVENTS_QUEUE, type ChainEventsJob } from '../../src/public/jobs';

/**
 * A Hardhat node with the contracts, a database and a Redis prefix of its own (several test
 * files run at once, and every local chain has the same id and contract addresses), and an
 * indexer started on demand.
 */
export interface IndexerFixture {
  chain: LocalChain;
  actions: LendingActions;
  env: Env;
  db: DataSource;
  /** Starts the indexer in this process, taking `warm`'s answers as main.ts does. */
  start(warm?: WarmStart): Promise<INestApplicationContext>;
  stop(): Promise<void>;
  chainEvents(): Queue<ChainEventsJob>;
  /** The running indexer's health server. */
  healthUrl(): string;
  /** Stored events, in chain order: `name:loanId` plus `!` when removed. */
  storedEvents(): Promise<string[]>;
  until: typeof until;
  close(): Promise<void>;
}

/** Settings over the fixture's own; a function of the chain for those that name it (its URLs). */
type Overrides = NodeJS.ProcessEnv | ((chain: LocalChain) => NodeJS.ProcessEnv);

export async function indexerFixture(
  overrides: Overrides = {},
  options: { shape?: ChainShape } = {},
): Promise<IndexerFixture> {
  const chain = await startChain({
    logDir: join(tmpdir(), 'lendpath-indexer-tests'),
    shape: options.shape,
  });
  const databaseUrl = withDatabase(postgresServerUrl(), uniqueDatabaseName('lendpath_follow'));
  await ensureDatabase(databaseUrl);
  await migrate(databaseUrl);
  const prefix = `follow-${randomBytes(4).toString('hex')}`;
  const env = loadEnv({
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl(),
    QUEUE_PREFIX: prefix,
    RPC_URL: chain.rpcUrl,
    DEPLOYMENT_FILE: chain.deploymentFile,
    INDEXER_HEALTH_PORT: '0',
    INDEXER_POLL_MS: '50',
    // The indexer runs in the test's process: its warnings and errors only, in the test's output.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...(typeof overrides === 'function' ? overrides(chain) : overrides),
  });
  const db = await new DataSource(dataSourceOptions(databaseUrl)).initialize();
  let app: INestApplicationContext | undefined;
  const fixture: IndexerFixture = {
    chain,
    actions: lendingActions(chain.rpcUrl, chain.deployment),
    env,
    db,
    async start(warm) {
      app = await createIndexer(env, warm);
      await app.init();
      return app;
    },
    async stop() {
      await app?.close();
      app = undefined;
    },
    chainEvents() {
      if (app === undefined) {
        throw new Error('the indexer is not running');
      }
      return app.get<Queue<ChainEventsJob>>(getQueueToken(CHAIN_EVENTS_QUEUE));
    },
    healthUrl() {
      if (app === undefined) {
        throw new Error('the indexer is not running');
      }
      return app.get(HealthServer).url();
    },
    async storedEvents() {
      const rows = await db.query<{ name: string; loan_id: string; removed: boolean }[]>(
        `SELECT name, loan_id, removed FROM indexer.chain_events
         ORDER BY block_number, log_index, removed`,
      );
      return rows.map((row) => `${row.name}:${row.loan_id}${row.removed ? '!' : ''}`);
    },
    until: (what, probe, check, timeoutMs = 10_000) => until(what, probe, check, timeoutMs),
    async close() {
      await fixture.stop();
      await db.destroy();
      await chain.stop();
      await dropDatabase(databaseUrl);
      await deleteKeys(redisUrl(), `${prefix}:*`);
    },
  };
  return fixture;
}
