// Test setup/teardown shared by the api and indexer suites (and the e2e run): each run gets a fresh database
// (dropped afterwards) and a Redis key prefix of its own, so runs never see each other's data.
import { randomBytes } from 'node:crypto';

import { Redis } from 'ioredis';

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
  const prefix = process.env.QUEUE_PREFIX;
  if (prefix !== undefined) {
    await deleteKeys(redisUrl(), `${prefix}:*`);
  }
}

/** Deletes the keys matching `pattern` (SCAN, never KEYS: the server may be shared). */
export async function deleteKeys(url: string, pattern: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  try {
    for await (const keys of redis.scanStream({ match: pattern, count: 500 })) {
      if ((keys as string[]).length > 0) {
        await redis.unlink(...(keys as string[]));
      }
    }
  } finally {
    await redis.quit();
  }
}
