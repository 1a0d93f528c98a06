import { Module } from '@nestjs/common';

import { AuthModule } from '../auth/auth.module';
import { ENV } from '../config/env';
import { REDIS } from '../redis/redis.module';
import { marketStatsProviderFor } from './coinmarketcap-provider';
import { MarketController } from './market.controller';
import { MARKET_STATS_PROVIDER } from './market-stats-provider';

/** The market card's figures: CoinMarketCap when a key is configured, else a shipped sample. */
@Module({
  imports: [AuthModule],
  controllers: [MarketController],
  providers: [
    { provide: MARKET_STATS_PROVIDER, inject: [ENV, REDIS], useFactory: marketStatsProviderFor },
  ],
})
export class MarketModule {}
