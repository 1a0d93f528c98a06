import { Module } from '@nestjs/common';

import { AuthModule } from '../auth/auth.module';
import { ENV } from '../config/env';
import { REDIS } from '../redis/redis.module';
import { marketStatsProviderFor } from './coinmarketcap-provider';
import { MarketController } from './market.controller';
import { MARKET_STATS_PROVIDER } from './market-stats-provider';
import { GetMarketStatsHandler } from './queries/get-market-stats/get-market-stats.handler';

@Module({
  imports: [AuthModule],
  controllers: [MarketController],
  providers: [
    { provide: MARKET_STATS_PROVIDER, inject: [ENV, REDIS], useFactory: marketStatsProviderFor },
    GetMarketStatsHandler,
  ],
})
export class MarketModule {}
