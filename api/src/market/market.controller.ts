import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';

import { BearerGuard } from '../auth/bearer.guard';
import { Reply } from '../common/envelope';
import { ApiAnswer } from '../openapi';
import type { MarketStats } from './market-stats';
import { MARKET_STATS_PROVIDER, type MarketStatsProvider } from './market-stats-provider';
import { marketStatsSchema } from './market.schema';

@ApiTags('market')
@Controller()
export class MarketController {
  constructor(@Inject(MARKET_STATS_PROVIDER) private readonly market: MarketStatsProvider) {}

  /**
   * The market card's coins (SPEC §7: the list at `data.data`), in the order the card reads them,
   * with where the figures came from (`source`) and when CoinMarketCap produced them (`asOf`).
   */
  @Get('market-stats')
  @ApiAnswer(marketStatsSchema)
  @UseGuards(BearerGuard)
  @ApiBearerAuth()
  async stats(): Promise<Reply<MarketStats>> {
    return new Reply(await this.market.latest());
  }
}
