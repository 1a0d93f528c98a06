import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { type Deployment, parseDeployment } from '@lendpath/contracts';
import { z } from 'zod';

import { API_ROOT } from '../storage/api-root';
import { weakSecretReason } from './secret-strength';

const url = (protocols: readonly string[]) =>
  z
    .url({ error: `must be a URL (${protocols.join(' or ')})` })
    .refine((value) => protocols.includes(new URL(value).protocol), {
      error: `must start with ${protocols.join(' or ')}`,
    });

const port = z.coerce
  .number({ error: 'must be a port number' })
  .int({ error: 'must be a whole number' })
  .min(0, { error: 'must be between 0 and 65535' })
  .max(65535, { error: 'must be between 0 and 65535' });

/** An optional variable; set but empty (`NAME=` in a .env file) counts as unset. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  API_PORT: port.default(3000),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  REDIS_URL: url(['redis:', 'rediss:']),
  /** How long a SIGTERM may take before the process exits anyway. */
  API_SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .positive({ error: 'must be positive' })
    .default(10_000),
  /** Where mail goes: smtp://host:port (maildev locally) or smtps://user:pass@host:port. */
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().min(3).default('LendPath <no-reply@lendpath.local>'),
  /** First retry delay for mail the SMTP server refused for now; it doubles each retry. */
  MAIL_RETRY_DELAY_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .positive({ error: 'must be positive' })
    .default(5_000),
  /** Keys the HMAC under which one-time codes are stored; at least 32 characters. */
  CODE_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }),
  /** Signs access tokens (HS256); at least 32 characters. */
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }),
  /**
   * Keys the HMAC of the stop links in loan notice mails (one click turns a member's notices off
   * without signing in); at least 32 characters. Changing it voids the links already mailed.
   */
  NOTICE_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }),
  /**
   * The API's address as members' browsers and mail reach it, for the stop links in notice mails;
   * unset: http://localhost:API_PORT (required in production).
   */
  PUBLIC_API_URL: optional(url(['http:', 'https:'])),
  /**
   * The loan notices' clock: `system` (real time), or `adjustable`: real time plus an offset the
   * tests keep in Redis and move together with the chain's time (refused in production).
   */
  NOTICE_CLOCK: z
    .enum(['system', 'adjustable'], { error: 'must be system or adjustable' })
    .default('system'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** BullMQ key prefix, shared with the indexer (letters, digits, _ and -). */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'may hold only letters, digits, _ and -' })
    .default('lendpath'),
  /**
   * Proxies in front of the API whose X-Forwarded-For may be believed (0: none, use the socket's
   * address). A spoofed header from a client is ignored unless a trusted hop put it there.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * ConfirmU, the third-party credit score service (GET {URL}/scores). Unset: members get the
   * platform's own score, computed from their chain-verified lending history.
   */
  CONFIRMU_URL: optional(url(['http:', 'https:'])),
  /** Sent as `Authorization: Bearer …` to ConfirmU; required when CONFIRMU_URL is set. */
  CONFIRMU_API_KEY: optional(z.string()),
  /** How long to wait for ConfirmU before serving cached or platform scores instead. */
  CONFIRMU_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .positive({ error: 'must be positive' })
    .default(3_000),
  /**
   * CoinMarketCap's API key (sent as X-CMC_PRO_API_KEY) for GET /market-stats. Unset: the API
   * serves the sample snapshot shipped with it and never calls CoinMarketCap.
   */
  CMC_API_KEY: optional(z.string()),
  /** CoinMarketCap or a compatible API (quotes at {URL}/v2/cryptocurrency/quotes/latest). */
  CMC_URL: url(['http:', 'https:']).default('https://pro-api.coinmarketcap.com'),
  /** How long to wait for CoinMarketCap before serving cached or sample figures instead. */
  CMC_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .positive({ error: 'must be positive' })
    .default(3_000),
  /** The chain's JSON-RPC endpoint: the API reads receipts and loans to verify what clients claim. */
  RPC_URL: url(['http:', 'https:']),
  /** The deployment file written by `npm run deploy -w contracts` (the lending contract). */
  DEPLOYMENT_FILE: z.string().min(1),
  /** The JSON-RPC endpoint browsers may use (GET /chain); unset: RPC_URL. */
  PUBLIC_RPC_URL: optional(url(['http:', 'https:'])),
  /** The chain's block explorer (GET /chain); unset: Arbiscan for Arbitrum, none otherwise. */
  EXPLORER_URL: optional(url(['http:', 'https:'])),
  /** How long a wallet sign-in nonce (POST /wallets/nonce) may be used. */
  WALLET_NONCE_TTL_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .positive({ error: 'must be positive' })
    .default(300),
  /**
   * How many reports from established members hide a post from everyone but its author. Every
   * report is recorded; only those from accounts COMMUNITY_REPORTER_MIN_AGE_HOURS old count.
   */
  COMMUNITY_REPORTS_TO_HIDE: z.coerce
    .number({ error: 'must be a number of reports' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(1000, { error: 'must be at most 1000' })
    .default(3),
  /**
   * How old an account must be for its reports to count toward hiding a post, so a handful of
   * accounts made a minute ago cannot hide anyone's post (0: every account counts).
   */
  COMMUNITY_REPORTER_MIN_AGE_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .int({ error: 'must be a whole number of hours' })
    .min(0, { error: 'must be 0 or more' })
    .max(8760, { error: 'must be at most 8760 (a year)' })
    .default(72),
  /**
   * How long ago the indexer may last have stood at the chain's head before loan status counts as
   * unverified (finality `unverified`, /ready 503): it stopped, crashed or fell behind.
   */
  INDEXER_MAX_LAG_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(1, { error: 'must be at least 1' })
    .default(120),
  /** How many chain-events batches the API reconciles at once. */
  LENDING_RECONCILE_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /**
   * Into how many transactions, run side by side, a reconcile of many loans (a backfill's batch,
   * a reproject's chunk) is split: one Postgres backend folds each, so up to the database's cores.
   */
  LENDING_FOLD_PARALLELISM: z.coerce.number().int().min(1).max(16).default(2),
  /**
   * How often the API re-folds every loan whose row is behind its stored chain events (it also
   * does on boot, before it answers): the net under a chain-events job lost with a process.
   */
  LENDING_RECOVERY_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(1_000, { error: 'must be at least 1000' })
    .default(30_000),
  /**
   * Whether /docs (the OpenAPI page, /docs-json, /docs-yaml) is served; unset: everywhere but in
   * production, where the document would hand a visitor the map of every route.
   */
  API_DOCS: optional(
    z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true'),
  ),
  /**
   * Operators' token: `Authorization: Bearer <OPS_TOKEN>` on GET /ready shows which dependency is
   * down and why loan status is unverified. Unset: /ready tells everyone only ready or not.
   */
  OPS_TOKEN: optional(z.string().min(32, { error: 'must be at least 32 characters' })),
  /** The least severe log line written (pino's levels; `silent` writes none). */
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be fatal, error, warn, info, debug, trace or silent',
    })
    .default('info'),
  /** `json`: one JSON object a line; `pretty`: readable lines. Unset: pretty in development only. */
  LOG_FORMAT: optional(z.enum(['json', 'pretty'], { error: 'must be json or pretty' })),
  /**
   * The queue dashboard (/admin/queues) is served only when both are set, behind HTTP basic
   * auth with them; unset, the path does not exist.
   */
  QUEUE_DASHBOARD_USER: optional(z.string().min(1).max(100)),
  QUEUE_DASHBOARD_PASSWORD: optional(
    z.string().min(16, { error: 'must be at least 16 characters' }).max(200),
  ),
  /** Browser origins allowed to call the API, comma-separated. */
  CORS_ORIGINS: z
    .string()
    .default('http://localhost:5173')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter((origin) => origin !== ''),
    ),
  /** Where uploaded images are kept: a local folder (UPLOAD_DIR) or an S3-compatible bucket. */
  STORAGE_DRIVER: z.enum(['disk', 's3'], { error: 'must be disk or s3' }).default('disk'),
  /** The folder for uploads with the disk driver; a relative path is relative to the api folder. */
  UPLOAD_DIR: z
    .string()
    .min(1)
    .default('var/uploads')
    .transform((dir) => resolve(API_ROOT, dir)),
  /** The S3-compatible service (MinIO, R2, …); unset: AWS S3. */
  S3_ENDPOINT: optional(url(['http:', 'https:'])),
  /** S3_* below are required when STORAGE_DRIVER is s3 (R2 takes the region `auto`). */
  S3_REGION: optional(z.string().min(1)),
  S3_BUCKET: optional(z.string().min(1)),
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  /** `host/bucket/key` addressing instead of `bucket.host/key` (MinIO and most local stand-ins). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
});

/** The secrets a production API refuses to start with when they are guessable. */
const SECRETS = [
  'CODE_SECRET',
  'JWT_SECRET',
  'OPS_TOKEN',
  'NOTICE_SECRET',
  'QUEUE_DASHBOARD_PASSWORD',
] as const;

/** Rules that tie variables together (kept apart so `pick` still works on the plain object). */
const appEnvSchema = envSchema.superRefine((env, context) => {
  if (env.NODE_ENV === 'production') {
    for (const name of SECRETS) {
      const reason = env[name] === undefined ? undefined : weakSecretReason(env[name]);
      if (reason !== undefined) {
        context.addIssue({ code: 'custom', path: [name], message: reason });
      }
    }
    // One leaked secret must not give away the other.
    if (env.CODE_SECRET === env.JWT_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'must differ from CODE_SECRET',
      });
    }
    if (env.NOTICE_SECRET === env.CODE_SECRET || env.NOTICE_SECRET === env.JWT_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['NOTICE_SECRET'],
        message: 'must differ from CODE_SECRET and JWT_SECRET',
      });
    }
    // Notice mails would link members to localhost.
    if (env.PUBLIC_API_URL === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['PUBLIC_API_URL'],
        message: 'is required in production (the stop links in notice mails point there)',
      });
    }
    if (env.NOTICE_CLOCK !== 'system') {
      context.addIssue({
        code: 'custom',
        path: ['NOTICE_CLOCK'],
        message: 'must be system in production',
      });
    }
  }
  // Half a credential would leave the dashboard off while its operator believes it is on.
  if ((env.QUEUE_DASHBOARD_USER === undefined) !== (env.QUEUE_DASHBOARD_PASSWORD === undefined)) {
    const missing =
      env.QUEUE_DASHBOARD_USER === undefined ? 'QUEUE_DASHBOARD_USER' : 'QUEUE_DASHBOARD_PASSWORD';
    context.addIssue({
      code: 'custom',
      path: [missing],
      message: 'is required when the other QUEUE_DASHBOARD_ variable is set',
    });
  }
  if (env.CONFIRMU_URL !== undefined && env.CONFIRMU_API_KEY === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['CONFIRMU_API_KEY'],
      message: 'is required when CONFIRMU_URL is set',
    });
  }
  if (env.STORAGE_DRIVER === 's3') {
    for (const name of [
      'S3_REGION',
      'S3_BUCKET',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
    ] as const) {
      if (env[name] === undefined) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: 'is required when STORAGE_DRIVER is s3',
        });
      }
    }
  }
});

/** The API's configuration, typed and validated. Nothing else in the API reads process.env. */
export type Env = Omit<z.infer<typeof envSchema>, 'LOG_FORMAT'> & {
  /** LOG_FORMAT, with its default for NODE_ENV applied. */
  LOG_FORMAT: 'json' | 'pretty';
  /** DEPLOYMENT_FILE, read and checked. */
  deployment: Deployment;
};

/** Raised when the environment cannot run the API; its message names every bad variable. */
export class EnvError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid environment for the API:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

function parse<T extends z.ZodType>(schema: T, source: NodeJS.ProcessEnv): z.infer<T> {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        return issue.code === 'invalid_type' && source[name] === undefined
          ? `${name} is required`
          : `${name} ${issue.message}`;
      }),
    );
  }
  return parsed.data;
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const env = parse(appEnvSchema, source);
  return {
    ...env,
    LOG_FORMAT: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json'),
    deployment: readDeployment(env.DEPLOYMENT_FILE),
  };
}

function readDeployment(file: string): Deployment {
  try {
    return parseDeployment(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new EnvError([`DEPLOYMENT_FILE ${file}: ${(error as Error).message}`]);
  }
}

/** What `npm run migrate` and `npm run seed` need: the database, and whether this is production. */
export function loadDatabaseEnv(
  source: NodeJS.ProcessEnv = process.env,
): Pick<Env, 'DATABASE_URL' | 'NODE_ENV'> {
  return parse(envSchema.pick({ DATABASE_URL: true, NODE_ENV: true }), source);
}

/** What `npm run reproject` needs: the database and the deployment (it reads no chain). */
export function loadReprojectEnv(
  source: NodeJS.ProcessEnv = process.env,
): Pick<Env, 'DATABASE_URL' | 'RPC_URL' | 'LENDING_FOLD_PARALLELISM' | 'deployment'> {
  const env = parse(
    envSchema.pick({
      DATABASE_URL: true,
      RPC_URL: true,
      DEPLOYMENT_FILE: true,
      LENDING_FOLD_PARALLELISM: true,
    }),
    source,
  );
  return { ...env, deployment: readDeployment(env.DEPLOYMENT_FILE) };
}

/** The injection token for {@link Env}. */
export const ENV = Symbol('ENV');
