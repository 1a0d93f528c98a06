import { Query } from '@nestjs/cqrs';

import type { MarketStats } from '../../market-stats';

/** The market card's five coins: live from CoinMarketCap when it can, else older or a sample. */
export class GetMarketStatsQuery extends Query<MarketStats> {}
