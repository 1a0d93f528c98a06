import { Controller, Get, HttpStatus, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';

import { DomainError } from '../common/domain-error';
import { Reply } from '../common/envelope';
import { REDIS } from '../redis/redis.module';

type Dependency = 'postgres' | 'redis';
type DependencyState = 'up' | 'down';

/** A readiness probe must answer quickly even when a dependency hangs. */
const CHECK_TIMEOUT_MS = 2_000;

async function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** Liveness: the process answers. */
  @Get('health')
  health(): Reply<{ status: 'ok' }> {
    return new Reply({ status: 'ok' }, 'ok');
  }

  /** Readiness: Postgres and Redis both answer. 503 names what is down. */
  @Get('ready')
  async ready(): Promise<Reply<Record<Dependency, DependencyState>>> {
    const [postgres, redis] = await Promise.all([
      this.check(() => this.dataSource.query('SELECT 1')),
      this.check(() => this.redis.ping()),
    ]);
    const states = { postgres, redis };
    const down = (Object.keys(states) as Dependency[]).filter((name) => states[name] === 'down');
    if (down.length > 0) {
      throw new DomainError(
        'HEALTH.NOT_READY',
        `Not ready: ${down.join(' and ')} unavailable`,
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
    return new Reply(states, 'ready');
  }

  private async check(probe: () => Promise<unknown>): Promise<DependencyState> {
    try {
      await withTimeout(probe());
      return 'up';
    } catch {
      return 'down';
    }
  }
}
