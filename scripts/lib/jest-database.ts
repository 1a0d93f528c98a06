// Jest global setup/teardown shared by the api and indexer suites: each run gets a fresh database
// (dropped afterwards) and a Redis key prefix of its own, so runs never see each other's data.
import { randomBytes } from 'node:crypto';

import { dropDatabase, ensureDatabase, uniqueDatabaseName, withDatabase } from './postgres.ts';
import { postgresServerUrl, redisUrl } from './services.ts';

export async function setUpTestServices(prefix: string): Promise<void> {
  const url = withDatabase(postgresServerUrl(), uniqueDatabaseName(prefix));
  await ensureDatabase(url);
  // Jest starts its workers after global setup, and they inherit this environment.
  process.env.DATABASE_URL = url;
  process.env.REDIS_URL = redisUrl();
  process.env.QUEUE_PREFIX = `${prefix}-${randomBytes(4).toString('hex')}`;
  process.env.NODE_ENV = 'test';
}

export async function tearDownTestServices(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url !== undefined) {
    await dropDatabase(url);
  }
}
