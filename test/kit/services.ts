import { spawnSync } from 'node:child_process';

import { Redis } from 'ioredis';
import pg from 'pg';

import { adminUrlFor } from './postgres.ts';

/**
 * Where the shared services are unless DATABASE_URL / REDIS_URL say otherwise. The machines this
 * project runs on have both on 127.0.0.1 (trust auth); docker-compose.yml provides the same.
 */
export const defaultPostgresUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
export const defaultRedisUrl = 'redis://127.0.0.1:6379';

export function postgresServerUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_URL ?? defaultPostgresUrl;
}

export function redisUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.REDIS_URL ?? defaultRedisUrl;
}

export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({
    connectionString: adminUrlFor(url),
    connectionTimeoutMillis: 2_000,
  });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Whether `docker compose` can start containers here (a client alone is not enough). */
export function dockerComposeWorks(): boolean {
  const info = spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 10_000 });
  if (info.status !== 0) {
    return false;
  }
  return spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0;
}

export const servicesHelp = `PostgreSQL and Redis are needed. Either:
  - run them yourself and point DATABASE_URL / REDIS_URL at them
    (defaults: ${defaultPostgresUrl} and ${defaultRedisUrl}), or
  - install Docker and let \`npm run dev\` start them with \`docker compose up -d\`.`;
