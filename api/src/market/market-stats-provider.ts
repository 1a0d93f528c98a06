import type { MarketStats } from './market-stats';

/** Where market figures come from, behind an interface so the source can be swapped. */
export interface MarketStatsProvider {
  /**
   * The market coins' latest figures. Never fails: when live figures cannot be had, older ones
   * or the shipped snapshot are answered, and `source` says which.
   */
  latest(): Promise<MarketStats>;
}

/** The injection token for the configured {@link MarketStatsProvider}. */
export const MARKET_STATS_PROVIDER = Symbol('MARKET_STATS_PROVIDER');
