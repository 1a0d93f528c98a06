/**
 * A benchmark's own database and Redis key prefix on the shared servers, removed afterwards, and
 * the apps' migrations (and the development seed) applied to it from their dist.
 */
import { randomBytes } from 'node:crypto';

import { run } from '../children.ts';
import { dropDatabase, ensureDatabase, uniqueDatabaseName, withDatabase } from '../postgres.ts';
import { postgresServerUrl, redisUrl } from '../services.ts';
import { root } from '../stack.ts';
import { deleteKeys } from '../test-services.ts';

export interface BenchServices {
  /** `<database>_<pid>_<random>` on the shared PostgreSQL (created by `migrate` or the stack). */
  databaseUrl: string;
  redis: string;
  /** `<prefix>-<random>`: the apps' QUEUE_PREFIX, under which all their Redis keys go. */
  prefix: string;
  /**
   * Creates the database and applies `apps`' migrations from their dist, in that order; with
   * `seed`, then the API's development seed (courses, categories and the demo members).
   */
  migrate(apps: readonly ('api' | 'indexer')[], options?: { seed?: boolean }): Promise<void>;
  /** Drops the database and deletes the prefix's keys; never throws, for any `finally`. */
  remove(): Promise<void>;
}

export function benchServices(database: string, prefix: string): BenchServices {
  const databaseUrl = withDatabase(postgresServerUrl(), uniqueDatabaseName(database));
  const redis = redisUrl();
  const keyPrefix = `${prefix}-${randomBytes(4).toString('hex')}`;
  return {
    databaseUrl,
    redis,
    prefix: keyPrefix,
    async migrate(apps, { seed = false } = {}) {
      await ensureDatabase(databaseUrl);
      const env = { DATABASE_URL: databaseUrl, NODE_ENV: 'development' };
      for (const app of apps) {
        await run(process.execPath, [`${app}/dist/database/migrate.js`], { cwd: root, env });
      }
      if (seed) {
        await run(process.execPath, ['api/dist/database/seed.cli.js'], { cwd: root, env });
      }
    },
    async remove() {
      await dropDatabase(databaseUrl).catch(() => undefined);
      await deleteKeys(redis, `${keyPrefix}:*`).catch(() => undefined);
    },
  };
}
