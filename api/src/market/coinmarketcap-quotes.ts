import { z } from 'zod';

import { MARKET_COIN_IDS, type MarketStat } from './market-stats';

/** The fields kept of one coin; z.object drops the rest of CoinMarketCap's (tags, supply, …). */
export const marketStatSchema = z.object({
  id: z.number().int(),
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
});

/**
 * `GET /v2/cryptocurrency/quotes/latest`: `data` is keyed by the requested id; asked by id each
 * value is one coin, asked by symbol a list of them. Both are accepted.
 */
const quotesResponseSchema = z.object({
  status: z.object({ timestamp: z.string(), error_code: z.number() }),
  data: z.record(z.string(), z.union([marketStatSchema, z.array(marketStatSchema)])),
});

/** The market coins, in card order, and when CoinMarketCap produced them. */
export interface Quotes {
  asOf: string;
  stats: MarketStat[];
}

/** Raised when a quotes answer is not the five coins in CoinMarketCap's format. */
export class QuotesFormatError extends Error {
  override readonly name = 'QuotesFormatError';
}

/**
 * The market coins out of a quotes/latest answer, in {@link MARKET_COIN_IDS} order. Throws
 * {@link QuotesFormatError} unless every one of them is there: the client reads them by position,
 * so a list with a gap would put figures under the wrong name.
 */
export function parseQuotes(body: unknown): Quotes {
  const parsed = quotesResponseSchema.safeParse(body);
  if (!parsed.success) {
    throw new QuotesFormatError('answered something other than quotes/latest in the v2 format');
  }
  const { status, data } = parsed.data;
  if (status.error_code !== 0) {
    throw new QuotesFormatError(`answered error_code ${status.error_code}`);
  }
  const stats = MARKET_COIN_IDS.map((id) => {
    const entry = data[String(id)];
    const coin = Array.isArray(entry) ? entry.find((candidate) => candidate.id === id) : entry;
    if (coin?.id !== id) {
      throw new QuotesFormatError(`answered no quote for coin ${id}`);
    }
    return coin;
  });
  return { asOf: status.timestamp, stats };
}
