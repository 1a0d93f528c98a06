import { readFileSync } from 'node:fs';

import { type Deployment, parseDeployment } from '@lendpath/contracts';
import { z } from 'zod';

const url = (protocols: readonly string[]) =>
  z
    .url({ error: `must be a URL (${protocols.join(' or ')})` })
    .refine((value) => protocols.includes(new URL(value).protocol), {
      error: `must start with ${protocols.join(' or ')}`,
    });

const milliseconds = z.coerce
  .number({ error: 'must be a number of milliseconds' })
  .int({ error: 'must be a whole number' })
  .positive({ error: 'must be positive' });
const blocks = z.coerce
  .number({ error: 'must be a number of blocks' })
  .int({ error: 'must be a whole number' })
  .min(0, { error: 'must not be negative' });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  REDIS_URL: url(['redis:', 'rediss:']),
  /** BullMQ key prefix: lets several deployments (or test runs) share one Redis. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'may hold only letters, digits, _ and -' })
    .default('lendpath'),
  INDEXER_HEALTH_HOST: z.string().min(1).default('127.0.0.1'),
  INDEXER_HEALTH_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be between 0 and 65535' })
    .max(65535, { error: 'must be between 0 and 65535' })
    .default(3100),
  /** How long a SIGTERM may take before the process exits anyway. */
  INDEXER_SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .positive({ error: 'must be positive' })
    .default(10_000),
  /** The least severe log line written (pino's levels; `silent` writes none). */
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be fatal, error, warn, info, debug, trace or silent',
    })
    .default('info'),
  /**
   * `json`: one JSON object a line; `pretty`: readable lines. Unset (or empty, `LOG_FORMAT=` in
   * a .env file): pretty in development only.
   */
  LOG_FORMAT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional(),
  ),
  /** The chain's JSON-RPC endpoint (HTTP). */
  RPC_URL: url(['http:', 'https:']),
  /** Its WebSocket endpoint, for new-head subscriptions; without one the indexer polls. */
  RPC_WS_URL: url(['ws:', 'wss:']).optional(),
  /** The deployment file written by `npm run deploy -w contracts`: address and deploy block. */
  DEPLOYMENT_FILE: z.string().min(1),
  /** How often to look for a new head when there is no subscription (and the safety tick). */
  INDEXER_POLL_MS: milliseconds.default(250),
  /**
   * Where finality comes from: the node's `safe`/`finalized` block tags, or fixed depths behind
   * the head (a Hardhat node answers both tags with the latest block). `auto`: depths on the
   * local chain 31337, tags elsewhere.
   */
  INDEXER_FINALITY: z.enum(['auto', 'tags', 'depth']).default('auto'),
  INDEXER_SAFE_DEPTH: blocks.default(2),
  INDEXER_FINALIZED_DEPTH: blocks.default(5),
  /** getLogs block ranges: the first try, and the ceiling they grow to on success. */
  INDEXER_INITIAL_RANGE: blocks.min(1).default(2_000),
  INDEXER_MAX_RANGE: blocks.min(1).default(50_000),
  /**
   * A backfill range is asked for as this many getLogs of consecutive sub-ranges at once, and each
   * is committed as it arrives: Postgres writes one while the node answers the next.
   */
  INDEXER_BACKFILL_PIECES: z.coerce.number().int().min(1).max(32).default(6),
  INDEXER_RPC_TIMEOUT_MS: milliseconds.default(10_000),
  /** Retries of a failed RPC call (with exponential backoff and jitter) before the sync gives up. */
  INDEXER_RPC_RETRIES: z.coerce.number().int().min(0).max(20).default(5),
});

/** The indexer's configuration, typed and validated. Nothing else in the indexer reads process.env. */
export type Env = Omit<z.infer<typeof envSchema>, 'LOG_FORMAT'> & {
  /** LOG_FORMAT, with its default for NODE_ENV applied. */
  LOG_FORMAT: 'json' | 'pretty';
  /** DEPLOYMENT_FILE, read and checked. */
  deployment: Deployment;
  /** INDEXER_FINALITY with `auto` resolved for the deployment's chain. */
  finality: 'tags' | 'depth';
};

/** Raised when the environment cannot run the indexer; its message names every bad variable. */
export class EnvError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid environment for the indexer:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(problems(parsed.error.issues, source));
  }
  const deployment = readDeployment(parsed.data.DEPLOYMENT_FILE);
  const finality =
    parsed.data.INDEXER_FINALITY === 'auto'
      ? deployment.chainId === LOCAL_CHAIN_ID
        ? 'depth'
        : 'tags'
      : parsed.data.INDEXER_FINALITY;
  const logFormat = parsed.data.NODE_ENV === 'development' ? 'pretty' : 'json';
  return { ...parsed.data, LOG_FORMAT: parsed.data.LOG_FORMAT ?? logFormat, deployment, finality };
}

const LOCAL_CHAIN_ID = 31337;

/** What `npm run migrate -w indexer` needs: the database alone. */
export function loadDatabaseEnv(
  source: NodeJS.ProcessEnv = process.env,
): Pick<Env, 'DATABASE_URL'> {
  const parsed = envSchema.pick({ DATABASE_URL: true }).safeParse(source);
  if (!parsed.success) {
    throw new EnvError(['DATABASE_URL is required and must be a postgres:// URL']);
  }
  return parsed.data;
}

/** What `npm run indexer:resume` needs: the database, the node and the deployment. */
export type ResumeEnv = Pick<
  Env,
  'DATABASE_URL' | 'RPC_URL' | 'INDEXER_RPC_TIMEOUT_MS' | 'INDEXER_RPC_RETRIES' | 'deployment'
>;

export function loadResumeEnv(source: NodeJS.ProcessEnv = process.env): ResumeEnv {
  const parsed = envSchema
    .pick({
      DATABASE_URL: true,
      RPC_URL: true,
      DEPLOYMENT_FILE: true,
      INDEXER_RPC_TIMEOUT_MS: true,
      INDEXER_RPC_RETRIES: true,
    })
    .safeParse(source);
  if (!parsed.success) {
    throw new EnvError(problems(parsed.error.issues, source));
  }
  return { ...parsed.data, deployment: readDeployment(parsed.data.DEPLOYMENT_FILE) };
}

function problems(issues: readonly z.core.$ZodIssue[], source: NodeJS.ProcessEnv): string[] {
  return issues.map((issue) => {
    const name = issue.path.join('.');
    return issue.code === 'invalid_type' && source[name] === undefined
      ? `${name} is required`
      : `${name} ${issue.message}`;
  });
}

function readDeployment(file: string): Deployment {
  try {
    return parseDeployment(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new EnvError([`DEPLOYMENT_FILE ${file}: ${(error as Error).message}`]);
  }
}

/** The injection token for {@link Env}. */
export const ENV = Symbol('ENV');
