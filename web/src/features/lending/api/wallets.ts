import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Hex } from 'viem';

import type { ApiSchemas } from '@/api/types';
import { apiRequest } from '@/lib/api-client';

export type LinkedWallet = ApiSchemas['WalletView'];

export const walletsQueryOptions = () =>
  queryOptions({
    queryKey: ['wallets'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<LinkedWallet[]>('/wallets', {
          auth: true,
          fallback: 'Failed to load your linked wallets',
          signal,
        })
      ).data,
  });

export function useLinkedWallets() {
  return useQuery(walletsQueryOptions());
}

/** POST /wallets/nonce: a single-use nonce for the Sign-In with Ethereum message. */
export async function requestWalletNonce(): Promise<string> {
  const { data } = await apiRequest<ApiSchemas['WalletNonce']>('/wallets/nonce', {
    method: 'POST',
    auth: true,
    fallback: 'Failed to link wallet',
  });
  return data.nonce;
}

/** POST /wallets: proves the member holds the wallet; its loans become theirs. */
export function useLinkWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (proof: { message: string; signature: Hex }) =>
      (
        await apiRequest<ApiSchemas['LinkedWallet']>('/wallets', {
          method: 'POST',
          auth: true,
          body: proof,
          fallback: 'Failed to link wallet',
        })
      ).data,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['wallets'] });
      await queryClient.invalidateQueries({ queryKey: ['loans'] });
      await queryClient.invalidateQueries({ queryKey: ['scores'] });
    },
  });
}
