/**
 * GET /chain: the chain, its contracts, an RPC for browsers and its explorer. Micro Lending
 * starts wagmi from it; Transactions links each movement to the explorer with it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ChainConfig } from '@/config/wagmi';

import { apiRequest } from './api-client';

/** SPEC §8's text for a chain configuration the client cannot load. */
export const CONTRACTS_FAILED = 'Failed to initialize contracts';

export const chainConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['chain', 'config'],
    queryFn: async ({ signal }) =>
      (await apiRequest<ChainConfig>('/chain', { fallback: CONTRACTS_FAILED, signal })).data,
    staleTime: Infinity,
  });

export function useChainConfig() {
  return useQuery(chainConfigQueryOptions());
}
