import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';

import { ENV, type Env } from './config/env';
import { dataSourceOptions } from './database/data-source';
import { SyncService } from './follower/sync.service';
import { WARM_START, type WarmStart } from './follower/warm-start';
import { HealthServer } from './health/health.server';
import { IndexerMetrics } from './metrics/indexer-metrics';
import { CHAIN_EVENTS_BACKOFF, CHAIN_EVENTS_QUEUE } from './public/jobs';
import { lineFormat } from './public/log-format';

@Global()
@Module({})
class EnvModule {
  static forRoot(env: Env): DynamicModule {
    return { module: EnvModule, providers: [{ provide: ENV, useValue: env }], exports: [ENV] };
  }
}

@Module({})
export class IndexerModule {
  /**
   * The whole indexer for one validated environment (tests pass their own), with the follower's
   * first calls when main.ts sent them before loading it.
   */
  static forRoot(env: Env, warm: WarmStart | null = null): DynamicModule {
    return {
      module: IndexerModule,
      imports: [
        EnvModule.forRoot(env),
        // Nest's loggers write through pino, in the api's line format.
        LoggerModule.forRoot({ pinoHttp: lineFormat('indexer', env) }),
        TypeOrmModule.forRoot({ ...dataSourceOptions(env.DATABASE_URL), retryAttempts: 3 }),
        BullModule.forRoot({
          // BullMQ workers need maxRetriesPerRequest: null (they block on Redis by design).
          connection: { url: env.REDIS_URL, maxRetriesPerRequest: null },
          prefix: env.QUEUE_PREFIX,
        }),
        BullModule.registerQueue({
          name: CHAIN_EVENTS_QUEUE,
          defaultJobOptions: {
            // The API retries a batch until it can reconcile it (a database outage of any
            // length), at most every 30 s: its worker implements this backoff type.
            attempts: 100_000,
            backoff: { type: CHAIN_EVENTS_BACKOFF },
            // Kept a while so a row relayed twice is recognised as the same job.
            removeOnComplete: { age: 3_600, count: 10_000 },
            removeOnFail: { age: 7 * 24 * 3_600 },
          },
        }),
      ],
      providers: [
        { provide: IndexerMetrics, useValue: new IndexerMetrics() },
        { provide: WARM_START, useValue: warm },
        SyncService,
        HealthServer,
      ],
    };
  }
}
