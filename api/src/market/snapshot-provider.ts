import { parseQuotes } from './coinmarketcap-quotes';
import type { MarketStats } from './market-stats';
import type { MarketStatsProvider } from './market-stats-provider';
import sample from './snapshot/coinmarketcap-quotes.json';

/**
 * A quotes/latest answer shipped with the API, parsed as an upstream answer would be. It is a
 * hand-written sample in CoinMarketCap's v2 format, not market data: `asOf` is its own timestamp.
 */
const snapshot: MarketStats = (() => {
  const { asOf, stats } = parseQuotes(sample);
  return { data: stats, source: 'snapshot', asOf };
})();

/** The snapshot: what the API answers when CoinMarketCap has nothing better. */
export function snapshotStats(): MarketStats {
  return snapshot;
}

/** Serves the snapshot alone: the provider when no CoinMarketCap key is configured. */
export class SnapshotProvider implements MarketStatsProvider {
  latest(): Promise<MarketStats> {
    return Promise.resolve(snapshot);
  }
}
