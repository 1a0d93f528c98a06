import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';

import { ENV, type Env } from '../config/env';

/** The API's own Redis connection (BullMQ has its own): readiness checks and rate limits. */
export const REDIS = Symbol('REDIS');

/**
 * Connects at once and keeps reconnecting while Redis is away; commands fail fast meanwhile
 * (one retry). Says so once when Redis goes away and once when it is back.
 */
function connect(env: Env): Redis {
  const logger = new Logger('Redis');
  const redis = new Redis(env.REDIS_URL, {
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    connectionName: 'lendpath-api',
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) {
      down = true;
      logger.warn(`unavailable: ${error.message}`);
    }
  });
  redis.on('ready', () => {
    if (down) {
      down = false;
      logger.log('available again');
    }
  });
  return redis;
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [ENV],
      useFactory: connect,
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    // QUIT only over a live connection; one still (re)connecting would wait for it forever.
    if (this.redis.status === 'ready') {
      await this.redis.quit();
    } else {
      this.redis.disconnect();
    }
  }
}
