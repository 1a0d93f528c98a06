import { Controller, Get, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';

import { BearerGuard } from '../auth/bearer.guard';
import { Reply } from '../common/envelope';
import { ApiAnswer } from '../openapi';
import type { MarketStats } from './market-stats';
import { marketStatsSchema } from './market.schema';
import { GetMarketStatsQuery } from './queries/get-market-stats/get-market-stats.query';

@ApiTags('market')
@Controller()
export class MarketController {
  constructor(private readonly queries: QueryBus) {}

  /**
   * The market card's coins (SPEC §7: the list at `data.data`), in the order the card reads them,
   * with where the figures came from (`source`) and when CoinMarketCap produced them (`asOf`).
   */
  @Get('market-stats')
  @ApiAnswer(marketStatsSchema)
  @UseGuards(BearerGuard)
  @ApiBearerAuth()
  async stats(): Promise<Reply<MarketStats>> {
    return new Reply(await this.queries.execute(new GetMarketStatsQuery()));
  }
}
