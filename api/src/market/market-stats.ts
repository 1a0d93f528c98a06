/**
 * The coins the market card shows, by CoinMarketCap id, in the order it reads them (SPEC §3:
 * by position): Bitcoin, Tether USDt, Ethereum, Ethereum Classic, XRP.
 */
export const MARKET_COIN_IDS = [1, 825, 1027, 1321, 52] as const;

/** One coin as CoinMarketCap's quotes/latest describes it, cut down to the fields served. */
export interface MarketStat {
  id: number;
  name: string;
  symbol: string;
  last_updated: string;
  quote: {
    USD: {
      price: number;
      market_cap: number | null;
      market_cap_dominance: number;
      percent_change_24h: number;
      last_updated: string;
    };
  };
}

/**
 * Where the figures came from: `coinmarketcap` when its answer is under a minute old,
 * `coinmarketcap-stale` for an older answer served because it could not be renewed (CoinMarketCap
 * failing, another replica asking it right now, Redis away), `snapshot` for the sample quotes
 * shipped with the API (no key configured, or nothing better at hand).
 */
export type MarketSource = 'coinmarketcap' | 'coinmarketcap-stale' | 'snapshot';

/** What GET /market-stats answers in `data`: the list the client reads at `data.data`. */
export interface MarketStats {
  data: MarketStat[];
  source: MarketSource;
  /** When CoinMarketCap produced these figures (its `status.timestamp`), ISO 8601. */
  asOf: string;
}
