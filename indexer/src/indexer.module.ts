import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { ENV, type Env } from './config/env';
import { dataSourceOptions } from './database/data-source';
import { HealthServer } from './health/health.server';
import { CHAIN_EVENTS_QUEUE } from './queue/chain-events';

@Global()
@Module({})
class EnvModule {
  static forRoot(env: Env): DynamicModule {
    return { module: EnvModule, providers: [{ provide: ENV, useValue: env }], exports: [ENV] };
  }
}

@Module({})
export class IndexerModule {
  /** The whole indexer for one validated environment (tests pass their own). */
  static forRoot(env: Env): DynamicModule {
    return {
      module: IndexerModule,
      imports: [
        EnvModule.forRoot(env),
        TypeOrmModule.forRoot({ ...dataSourceOptions(env.DATABASE_URL), retryAttempts: 3 }),
        BullModule.forRoot({
          // BullMQ workers need maxRetriesPerRequest: null (they block on Redis by design).
          connection: { url: env.REDIS_URL, maxRetriesPerRequest: null },
          prefix: env.QUEUE_PREFIX,
        }),
        BullModule.registerQueue({ name: CHAIN_EVENTS_QUEUE }),
      ],
      providers: [HealthServer],
    };
  }
}
