import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';

import type { MarketStats } from '../../market-stats';
import { MARKET_STATS_PROVIDER, type MarketStatsProvider } from '../../market-stats-provider';
import { GetMarketStatsQuery } from './get-market-stats.query';

@QueryHandler(GetMarketStatsQuery)
export class GetMarketStatsHandler implements IQueryHandler<GetMarketStatsQuery> {
  constructor(@Inject(MARKET_STATS_PROVIDER) private readonly provider: MarketStatsProvider) {}

  execute(): Promise<MarketStats> {
    return this.provider.latest();
  }
}
