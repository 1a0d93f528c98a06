import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

/** SPEC §3, Market stat item, as GET /market-stats answers it (CoinMarketCap's shape). */
export interface MarketStat {
  id: number;
  name: string;
  symbol: string;
  quote: { USD: { market_cap_dominance: number; percent_change_24h: number } };
}

export interface MarketStats {
  data: MarketStat[];
  /** `snapshot` means the sample figures shipped with the API, not live ones. */
  source: 'coinmarketcap' | 'coinmarketcap-stale' | 'snapshot';
  asOf: string;
}

export async function getMarketStats(): Promise<MarketStats> {
  const { data } = await apiRequest<MarketStats>('/market-stats', {
    auth: true,
    fallback: 'Failed to load market statistics',
  });
  return data;
}

export const marketStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['market-stats'],
    queryFn: getMarketStats,
    // The API renews its figures once a minute; asking more often learns nothing.
    staleTime: 60_000,
    refetchInterval: 60_000,
  });

export function useMarketStats() {
  return useQuery(marketStatsQueryOptions());
}
