import { z } from 'zod';

import { named } from '../openapi';

/** One coin, as CoinMarketCap's quotes/latest describes it, cut down to the fields served. */
export const marketStatSchema = named(
  'MarketStat',
  z.object({
    id: z.number(),
    name: z.string(),
    symbol: z.string(),
    last_updated: z.string(),
    quote: z.object({
      USD: z.object({
        price: z.number(),
        market_cap: z.number().nullable(),
        market_cap_dominance: z.number(),
        percent_change_24h: z.number(),
        last_updated: z.string(),
      }),
    }),
  }),
);

/** GET /market-stats' `data`: the coins the card reads at `data.data`, and their origin. */
export const marketStatsSchema = named(
  'MarketStats',
  z.object({
    data: z.array(marketStatSchema),
    source: z
      .enum(['coinmarketcap', 'coinmarketcap-stale', 'snapshot'])
      .describe(
        '`coinmarketcap`: under a minute old; `coinmarketcap-stale`: an older answer that could ' +
          'not be renewed; `snapshot`: the sample quotes shipped with the API.',
      ),
    asOf: z.string().describe('When CoinMarketCap produced these figures, ISO 8601.'),
  }),
);
