import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { EnvError, loadEnv, loadResumeEnv } from './env';

const valid = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app',
  REDIS_URL: 'redis://127.0.0.1:6379',
  RPC_URL: 'http://127.0.0.1:8545',
  DEPLOYMENT_FILE: join(__dirname, '..', '..', '..', 'api', 'test', 'fixtures', 'deployment.json'),
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
      INDEXER_POLL_MS: 250,
      INDEXER_FINALITY: 'auto',
      INDEXER_SAFE_DEPTH: 2,
      INDEXER_FINALIZED_DEPTH: 5,
      INDEXER_INITIAL_RANGE: 2_000,
      INDEXER_MAX_RANGE: 50_000,
      INDEXER_BACKFILL_PIECES: 6,
      INDEXER_RPC_TIMEOUT_MS: 10_000,
      INDEXER_RPC_RETRIES: 5,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'pretty',
      deployment: JSON.parse(readFileSync(valid.DEPLOYMENT_FILE, 'utf8')) as unknown,
      // The local chain answers safe/finalized with its head: finality by depth there.
      finality: 'depth',
    });
  });

  it('writes JSON log lines everywhere but in development, unless told', () => {
    expect(loadEnv({ ...valid, NODE_ENV: 'production' }).LOG_FORMAT).toBe('json');
    expect(loadEnv({ ...valid, LOG_FORMAT: 'json', LOG_LEVEL: 'debug' })).toMatchObject({
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'debug',
    });
    expect(loadEnv({ ...valid, LOG_FORMAT: '' }).LOG_FORMAT).toBe('pretty');
    expect(() => loadEnv({ ...valid, LOG_FORMAT: 'xml' })).toThrow(
      'LOG_FORMAT must be json or pretty',
    );
  });

  it.each([
    [42161, 'Arbitrum One'],
    [421614, 'Arbitrum Sepolia'],
    [10, 'any other chain'],
  ])("takes finality from the node's tags on chain %i (%s)", (chainId) => {
    const file = join(mkdtempSync(join(tmpdir(), 'deployment-')), `${chainId}.json`);
    const local = JSON.parse(readFileSync(valid.DEPLOYMENT_FILE, 'utf8')) as object;
    writeFileSync(file, JSON.stringify({ ...local, chainId }));
    expect(loadEnv({ ...valid, DEPLOYMENT_FILE: file }).finality).toBe('tags');
    // INDEXER_FINALITY still decides when it is set.
    expect(loadEnv({ ...valid, DEPLOYMENT_FILE: file, INDEXER_FINALITY: 'depth' }).finality).toBe(
      'depth',
    );
  });

  it('refuses a deployment file it cannot read, naming it', () => {
    expect(() => loadEnv({ ...valid, DEPLOYMENT_FILE: '/nonexistent/deployment.json' })).toThrow(
      /DEPLOYMENT_FILE \/nonexistent\/deployment\.json: ENOENT/,
    );
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

describe(loadResumeEnv.name, () => {
  it('needs the database, the node and the deployment, not Redis', () => {
    const { REDIS_URL: _redis, ...noRedis } = valid;
    expect(loadResumeEnv(noRedis)).toMatchObject({
      DATABASE_URL: valid.DATABASE_URL,
      RPC_URL: valid.RPC_URL,
      INDEXER_RPC_TIMEOUT_MS: 10_000,
      INDEXER_RPC_RETRIES: 5,
      deployment: { chainId: 31337 },
    });
    expect(() => loadResumeEnv({})).toThrow(
      /DATABASE_URL is required[\s\S]*RPC_URL is required[\s\S]*DEPLOYMENT_FILE is required/,
    );
  });
});
