import { Controller, Get, Headers, HttpStatus, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';

import { DomainError } from '../common/domain-error';
import { Reply } from '../common/envelope';
import { isOperator } from '../common/same-secret';
import { withTimeout } from '../common/with-timeout';
import { ENV, type Env } from '../config/env';
import { ChainVerification, type Verification } from '../lending/projection/chain-verification';
import { ApiAnswer } from '../openapi';
import { REDIS } from '../redis/redis.module';
import { livenessSchema, readinessSchema } from './health.schema';

type Dependency = 'postgres' | 'redis';
type DependencyState = 'up' | 'down';
/** Whether the indexer vouches for loan status (unknown: it could not be read). */
type IndexerState = 'verified' | 'unverified' | 'unknown';

/** What /ready tells an operator; others get `{ ready: true }` only. */
type ReadyDetail = { ready: true } & Partial<Record<Dependency, DependencyState>> & {
    indexer?: IndexerState;
  };

/** A readiness probe must answer quickly even when a dependency hangs. */
const CHECK_TIMEOUT_MS = 2_000;

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly verifications: ChainVerification,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** Liveness: the process answers. */
  @Get('health')
  @ApiAnswer(livenessSchema)
  health(): Reply<{ status: 'ok' }> {
    return new Reply({ status: 'ok' }, 'ok');
  }

  /**
   * Readiness: Postgres and Redis both answer, and the indexer vouches for loan status (not
   * halted, not behind the chain's head for longer than INDEXER_MAX_LAG_SECONDS). Anyone learns
   * ready or not; an operator (`Authorization: Bearer <OPS_TOKEN>`) also learns what is down and
   * why loan status is unverified, which would tell a visitor when the chain is unwatched.
   */
  @Get('ready')
  @ApiAnswer(readinessSchema, { description: 'Ready (503 `HEALTH.NOT_READY` when not).' })
  async ready(@Headers('authorization') authorization?: string): Promise<Reply<ReadyDetail>> {
    const [postgres, redis, verification] = await Promise.all([
      this.check(() => this.dataSource.query('SELECT 1')),
      this.check(() => this.redis.ping()),
      withTimeout(this.verifications.current(), CHECK_TIMEOUT_MS).catch(
        (): Verification | undefined => undefined,
      ),
    ]);
    const states = { postgres, redis };
    const down = (Object.keys(states) as Dependency[]).filter((name) => states[name] === 'down');
    const problems = down.length > 0 ? [`${down.join(' and ')} unavailable`] : [];
    if (verification?.verified === false) {
      problems.push(`loan status unverified (${verification.reason})`);
    }
    const operator = isOperator(authorization, this.env.OPS_TOKEN);
    if (problems.length > 0) {
      throw new DomainError(
        'HEALTH.NOT_READY',
        operator ? `Not ready: ${problems.join('; ')}` : 'Not ready',
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
    if (!operator) {
      return new Reply({ ready: true }, 'ready');
    }
    const indexer: IndexerState =
      verification === undefined ? 'unknown' : verification.verified ? 'verified' : 'unverified';
    return new Reply({ ready: true, ...states, indexer }, 'ready');
  }

  private async check(probe: () => Promise<unknown>): Promise<DependencyState> {
    try {
      await withTimeout(probe(), CHECK_TIMEOUT_MS);
      return 'up';
    } catch {
      return 'down';
    }
  }
}
