import { EnvError, loadEnv } from './env';

const valid = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

describe(loadEnv.name, () => {
  it('applies the defaults to a minimal environment', () => {
    expect(loadEnv(valid)).toEqual({
      ...valid,
      NODE_ENV: 'development',
      QUEUE_PREFIX: 'lendpath',
      INDEXER_HEALTH_HOST: '127.0.0.1',
      INDEXER_HEALTH_PORT: 3100,
      INDEXER_SHUTDOWN_TIMEOUT_MS: 10_000,
    });
  });

  it('names every missing required variable', () => {
    expect(() => loadEnv({})).toThrow(EnvError);
    expect(() => loadEnv({})).toThrow(/DATABASE_URL is required[\s\S]*REDIS_URL is required/);
  });

  it('rejects a queue prefix that would break BullMQ keys', () => {
    expect(() => loadEnv({ ...valid, QUEUE_PREFIX: 'a:b' })).toThrow(
      'QUEUE_PREFIX may hold only letters, digits, _ and -',
    );
  });

  it('rejects a shutdown bound that is not positive', () => {
    expect(() => loadEnv({ ...valid, INDEXER_SHUTDOWN_TIMEOUT_MS: '0' })).toThrow(
      'INDEXER_SHUTDOWN_TIMEOUT_MS must be positive',
    );
  });
});
