import { z } from 'zod';

const url = (protocols: readonly string[]) =>
  z
    .url({ error: `must be a URL (${protocols.join(' or ')})` })
    .refine((value) => protocols.includes(new URL(value).protocol), {
      error: `must start with ${protocols.join(' or ')}`,
    });

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
});

/** The indexer's configuration, typed and validated. Nothing else in the indexer reads process.env. */
export type Env = z.infer<typeof envSchema>;

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

/** The injection token for {@link Env}. */
export const ENV = Symbol('ENV');
