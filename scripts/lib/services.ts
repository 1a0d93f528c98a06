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
