import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ApiSchemas } from '@/api/types';
import { apiRequest } from '@/lib/api-client';

/** SPEC §3, Market stat item, as GET /market-stats answers it (CoinMarketCap's shape). */
export type MarketStat = ApiSchemas['MarketStat'];

/** `source` `snapshot` means the sample figures shipped with the API, not live ones. */
export type MarketStats = ApiSchemas['MarketStats'];

/** What the card says when the figures cannot be loaded (SPEC names no text), above Try Again. */
export const MARKET_STATS_FAILED = 'Market statistics could not be loaded. Please try again.';

export async function getMarketStats(): Promise<MarketStats> {
  const { data } = await apiRequest<MarketStats>('/market-stats', {
    auth: true,
    fallback: MARKET_STATS_FAILED,
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
