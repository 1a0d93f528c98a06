import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { EnvError, loadEnv, loadDatabaseEnv } from './env';

const valid = {
  RPC_URL: 'http://127.0.0.1:8545',
  DEPLOYMENT_FILE: join(__dirname, '..', '..', 'test', 'fixtures', 'deployment.json'),
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app',
  REDIS_URL: 'redis://127.0.0.1:6379',
  SMTP_URL: 'smtp://127.0.0.1:1025',
  CODE_SECRET: 'a-test-secret-that-is-at-least-32-chars',
  JWT_SECRET: 'another-test-secret-of-at-least-32-chars',
  NOTICE_SECRET: 'a-third-test-secret-of-at-least-32-chars',
};

describe(loadEnv.name, () => {
  it('applies the defaults to a minimal environment', () => {
    expect(loadEnv(valid)).toEqual({
      ...valid,
      NODE_ENV: 'development',
      API_HOST: '127.0.0.1',
      API_PORT: 3000,
      CORS_ORIGINS: ['http://localhost:5173'],
      MAIL_FROM: 'LendPath <no-reply@lendpath.local>',
      MAIL_RETRY_DELAY_MS: 5_000,
      API_SHUTDOWN_TIMEOUT_MS: 10_000,
      ACCESS_TOKEN_TTL_SECONDS: 900,
      REFRESH_TOKEN_TTL_DAYS: 30,
      TRUST_PROXY_HOPS: 0,
      QUEUE_PREFIX: 'lendpath',
      CONFIRMU_TIMEOUT_MS: 3_000,
      CMC_URL: 'https://pro-api.coinmarketcap.com',
      CMC_TIMEOUT_MS: 3_000,
      STORAGE_DRIVER: 'disk',
      UPLOAD_DIR: join(__dirname, '..', '..', 'var', 'uploads'),
      S3_FORCE_PATH_STYLE: false,
      INDEXER_MAX_LAG_SECONDS: 120,
      LENDING_FOLD_PARALLELISM: 2,
      LENDING_RECONCILE_CONCURRENCY: 2,
      LENDING_RECOVERY_INTERVAL_MS: 30_000,
      WALLET_NONCE_TTL_SECONDS: 300,
      COMMUNITY_REPORTS_TO_HIDE: 3,
      COMMUNITY_REPORTER_MIN_AGE_HOURS: 72,
      NOTICE_CLOCK: 'system',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'pretty',
      deployment: JSON.parse(readFileSync(valid.DEPLOYMENT_FILE, 'utf8')) as unknown,
    });
  });

  it('writes JSON log lines everywhere but in development, unless told', () => {
    expect(loadEnv({ ...valid, NODE_ENV: 'test' }).LOG_FORMAT).toBe('json');
    expect(loadEnv({ ...valid, NODE_ENV: 'development', LOG_FORMAT: 'json' }).LOG_FORMAT).toBe(
      'json',
    );
    expect(() => loadEnv({ ...valid, LOG_LEVEL: 'loud' })).toThrow(
      'LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent',
    );
  });

  it('takes the queue dashboard’s user and password together or not at all', () => {
    const password = randomBytes(24).toString('hex');
    expect(
      loadEnv({ ...valid, QUEUE_DASHBOARD_USER: 'ops', QUEUE_DASHBOARD_PASSWORD: password }),
    ).toMatchObject({ QUEUE_DASHBOARD_USER: 'ops', QUEUE_DASHBOARD_PASSWORD: password });
    expect(() => loadEnv({ ...valid, QUEUE_DASHBOARD_USER: 'ops' })).toThrow(
      'QUEUE_DASHBOARD_PASSWORD is required when the other QUEUE_DASHBOARD_ variable is set',
    );
    expect(() => loadEnv({ ...valid, QUEUE_DASHBOARD_PASSWORD: password })).toThrow(
      'QUEUE_DASHBOARD_USER is required when the other QUEUE_DASHBOARD_ variable is set',
    );
    expect(() =>
      loadEnv({ ...valid, QUEUE_DASHBOARD_USER: 'ops', QUEUE_DASHBOARD_PASSWORD: 'short' }),
    ).toThrow('QUEUE_DASHBOARD_PASSWORD must be at least 16 characters');
  });

  it('resolves a relative UPLOAD_DIR against the api folder, not the working directory', () => {
    expect(loadEnv({ ...valid, UPLOAD_DIR: 'elsewhere/files' }).UPLOAD_DIR).toBe(
      join(__dirname, '..', '..', 'elsewhere', 'files'),
    );
  });

  it('requires the bucket and its keys with the s3 storage driver', () => {
    expect(() => loadEnv({ ...valid, STORAGE_DRIVER: 's3', S3_BUCKET: 'b' })).toThrow(
      /S3_REGION is required when STORAGE_DRIVER is s3[^]*S3_ACCESS_KEY_ID is required/,
    );
    expect(
      loadEnv({
        ...valid,
        STORAGE_DRIVER: 's3',
        S3_REGION: 'auto',
        S3_BUCKET: 'b',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toMatchObject({ STORAGE_DRIVER: 's3', S3_FORCE_PATH_STYLE: true });
  });

  it('refuses a deployment file it cannot read, naming it', () => {
    expect(() => loadEnv({ ...valid, DEPLOYMENT_FILE: '/nonexistent/deployment.json' })).toThrow(
      /DEPLOYMENT_FILE \/nonexistent\/deployment\.json: ENOENT/,
    );
  });

  it('splits the CORS origins', () => {
    expect(
      loadEnv({ ...valid, CORS_ORIGINS: 'http://a.test, http://b.test,' }).CORS_ORIGINS,
    ).toEqual(['http://a.test', 'http://b.test']);
  });

  it('names every missing required variable', () => {
    expect(() => loadEnv({})).toThrow(EnvError);
    expect(() => loadEnv({})).toThrow(/DATABASE_URL is required[\s\S]*REDIS_URL is required/);
  });

  it('rejects a database URL of the wrong kind', () => {
    expect(() => loadEnv({ ...valid, DATABASE_URL: 'mysql://root@localhost/app' })).toThrow(
      'DATABASE_URL must start with postgres: or postgresql:',
    );
  });

  it('refuses a short code secret', () => {
    expect(() => loadEnv({ ...valid, CODE_SECRET: 'short' })).toThrow(
      'CODE_SECRET must be at least 32 characters',
    );
  });

  it('rejects a port out of range', () => {
    expect(() => loadEnv({ ...valid, API_PORT: '70000' })).toThrow(
      'API_PORT must be between 0 and 65535',
    );
  });

  it('takes the community’s report settings and refuses a threshold no report could reach', () => {
    expect(
      loadEnv({ ...valid, COMMUNITY_REPORTS_TO_HIDE: '5', COMMUNITY_REPORTER_MIN_AGE_HOURS: '0' }),
    ).toMatchObject({ COMMUNITY_REPORTS_TO_HIDE: 5, COMMUNITY_REPORTER_MIN_AGE_HOURS: 0 });
    expect(() => loadEnv({ ...valid, COMMUNITY_REPORTS_TO_HIDE: '0' })).toThrow(
      'COMMUNITY_REPORTS_TO_HIDE must be at least 1',
    );
    expect(() => loadEnv({ ...valid, COMMUNITY_REPORTER_MIN_AGE_HOURS: '1.5' })).toThrow(
      'COMMUNITY_REPORTER_MIN_AGE_HOURS must be a whole number of hours',
    );
  });

  it('takes the bound on how long the indexer may have been away from the head', () => {
    expect(loadEnv({ ...valid, INDEXER_MAX_LAG_SECONDS: '30' })).toMatchObject({
      INDEXER_MAX_LAG_SECONDS: 30,
    });
    expect(() => loadEnv({ ...valid, INDEXER_MAX_LAG_SECONDS: '0' })).toThrow(
      'INDEXER_MAX_LAG_SECONDS must be at least 1',
    );
  });

  it('takes a recovery interval and refuses one that would sweep the event store nonstop', () => {
    expect(loadEnv({ ...valid, LENDING_RECOVERY_INTERVAL_MS: '60000' })).toMatchObject({
      LENDING_RECOVERY_INTERVAL_MS: 60_000,
    });
    expect(() => loadEnv({ ...valid, LENDING_RECOVERY_INTERVAL_MS: '50' })).toThrow(
      'LENDING_RECOVERY_INTERVAL_MS must be at least 1000',
    );
  });
});

describe('production secrets', () => {
  const strong = {
    CODE_SECRET: randomBytes(32).toString('hex'),
    JWT_SECRET: randomBytes(32).toString('base64url'),
    NOTICE_SECRET: randomBytes(32).toString('hex'),
  };
  const production = (overrides: Record<string, string>) =>
    loadEnv({
      ...valid,
      ...strong,
      NODE_ENV: 'production',
      PUBLIC_API_URL: 'https://api.lendpath.app',
      ...overrides,
    });
  const example = Object.fromEntries(
    readFileSync(join(__dirname, '..', '..', '.env.example'), 'utf8')
      .split('\n')
      .filter((line) => /^(CODE_SECRET|JWT_SECRET)=/.test(line))
      .map((line) => line.split('=', 2) as [string, string]),
  );

  it('starts with generated secrets', () => {
    expect(production({}).NODE_ENV).toBe('production');
  });

  it('refuses the values from .env.example, naming each', () => {
    expect(Object.keys(example)).toEqual(['CODE_SECRET', 'JWT_SECRET']);
    expect(() => production(example)).toThrow(
      /CODE_SECRET is a placeholder \(from \.env\.example\)[^]*JWT_SECRET is a placeholder/,
    );
  });

  it.each([
    ['one character again and again', 'a'.repeat(48)],
    ['a short piece repeated', 'Xk9#'.repeat(12)],
    ['a few letters', 'abababababbabababaabababbbabaabbabababab'],
    ['a word and a number', 'passwordpasswordpassword12345678'],
  ])('refuses a secret of low entropy: %s', (_, secret) => {
    expect(() => production({ JWT_SECRET: secret })).toThrow(/JWT_SECRET is too easy to guess/);
  });

  it('refuses one secret used for both', () => {
    expect(() => production({ JWT_SECRET: strong.CODE_SECRET })).toThrow(
      'JWT_SECRET must differ from CODE_SECRET',
    );
  });

  it('refuses the notice links’ secret when it is another secret’s', () => {
    expect(() => production({ NOTICE_SECRET: strong.JWT_SECRET })).toThrow(
      'NOTICE_SECRET must differ from CODE_SECRET and JWT_SECRET',
    );
    expect(() => production({ NOTICE_SECRET: 'change-me-to-a-third-long-random-secret' })).toThrow(
      /NOTICE_SECRET is a placeholder/,
    );
  });

  it('needs the public API address for notice links, and the real clock', () => {
    expect(() => production({ PUBLIC_API_URL: '' })).toThrow(
      /PUBLIC_API_URL is required in production/,
    );
    expect(() => production({ NOTICE_CLOCK: 'adjustable' })).toThrow(
      'NOTICE_CLOCK must be system in production',
    );
    expect(loadEnv({ ...valid, NOTICE_CLOCK: 'adjustable' }).NOTICE_CLOCK).toBe('adjustable');
  });

  it('checks the operators’ token too, when set', () => {
    expect(() => production({ OPS_TOKEN: 'change-me-to-a-long-random-ops-token' })).toThrow(
      /OPS_TOKEN is a placeholder/,
    );
  });

  it('checks the queue dashboard’s password too, when set', () => {
    expect(() =>
      production({
        QUEUE_DASHBOARD_USER: 'ops',
        QUEUE_DASHBOARD_PASSWORD: 'queuesqueuesqueues',
      }),
    ).toThrow(/QUEUE_DASHBOARD_PASSWORD is too easy to guess/);
  });

  it('lets development and tests run with the example values', () => {
    expect(loadEnv({ ...valid, ...example }).CODE_SECRET).toBe(example.CODE_SECRET);
  });
});

describe(loadDatabaseEnv.name, () => {
  it('needs only the database', () => {
    expect(loadDatabaseEnv({ DATABASE_URL: valid.DATABASE_URL })).toEqual({
      DATABASE_URL: valid.DATABASE_URL,
      NODE_ENV: 'development',
    });
    expect(() => loadDatabaseEnv({})).toThrow('DATABASE_URL is required');
  });
});
