import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DestinationStream } from 'pino';

import { AcademyModule } from './academy/academy.module';
import { ExceptionsFilter } from './common/exception.filter';
import { ENV, type Env } from './config/env';
import { dataSourceOptions } from './database/data-source';
import { SqlModule } from './database/sql.module';
import { CommunityModule } from './community/community.module';
import { HealthController } from './health/health.controller';
import { LendingModule } from './lending/lending.module';
import { LoggingModule } from './logging/logging.module';
import { requestIdTelemetry } from './logging/queue-telemetry';
import { MailModule } from './mail/mail.module';
import { MarketModule } from './market/market.module';
import { NoticesModule } from './notices/notices.module';
import { OpsModule } from './ops/ops.module';
import { QueueDashboardModule } from './ops/queue-dashboard.module';
import { RateLimitsModule } from './rate-limits/rate-limits.module';
import { RegionModule } from './region/region.module';
import { ScoresModule } from './scores/scores.module';
import { StorageModule } from './storage/storage.module';
import { UsersModule } from './users/users.module';
import { WalletsModule } from './wallets/wallets.module';
import { RedisModule } from './redis/redis.module';

@Global()
@Module({})
class EnvModule {
  static forRoot(env: Env): DynamicModule {
    return { module: EnvModule, providers: [{ provide: ENV, useValue: env }], exports: [ENV] };
  }
}

export interface AppOptions {
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: DestinationStream;
}

@Module({})
export class AppModule {
  /** The whole API for one validated environment (tests pass their own). */
  static forRoot(env: Env, options: AppOptions = {}): DynamicModule {
    const dashboard =
      env.QUEUE_DASHBOARD_USER !== undefined && env.QUEUE_DASHBOARD_PASSWORD !== undefined
        ? [
            QueueDashboardModule.forRoot({
              user: env.QUEUE_DASHBOARD_USER,
              password: env.QUEUE_DASHBOARD_PASSWORD,
            }),
          ]
        : [];
    const database = dataSourceOptions(env.DATABASE_URL);
    return {
      module: AppModule,
      imports: [
        EnvModule.forRoot(env),
        LoggingModule.forRoot(env, options.logDestination),
        TypeOrmModule.forRoot({
          ...database,
          retryAttempts: 3,
          // Idle connections stay open (pg closes them after 10 s by default): each holds the hot
          // reads' prepared statements (database/sql.ts), and closing several at once and opening
          // them again on the next burst stalled answers by ~100 ms (`npm run bench -w api`).
          extra: { ...database.extra, idleTimeoutMillis: 0 },
        }),
        SqlModule,
        BullModule.forRoot({
          // BullMQ workers need maxRetriesPerRequest: null (they block on Redis by design).
          connection: { url: env.REDIS_URL, maxRetriesPerRequest: null },
          prefix: env.QUEUE_PREFIX,
          // A job enqueued while a request is handled carries its request id to its processor.
          telemetry: requestIdTelemetry,
        }),
        CqrsModule.forRoot(),
        RedisModule,
        RateLimitsModule,
        StorageModule,
        MailModule,
        UsersModule,
        RegionModule,
        ScoresModule,
        MarketModule,
        LendingModule,
        WalletsModule,
        AcademyModule,
        CommunityModule,
        NoticesModule,
        OpsModule,
        ...dashboard,
      ],
      controllers: [HealthController],
      providers: [{ provide: APP_FILTER, useClass: ExceptionsFilter }],
    };
  }
}
