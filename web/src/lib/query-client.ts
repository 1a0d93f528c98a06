import { QueryClient } from '@tanstack/react-query';

import { ApiError } from './api-client';

/**
 * One more try for a read that failed on the way (network, 5xx); none for an answer the server
 * meant (a 4xx such as 'Course not found' says the same the second time).
 */
export function retryOnce(failures: number, error: unknown): boolean {
  const meant = error instanceof ApiError && error.status !== undefined && error.status < 500;
  return !meant && failures < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: retryOnce, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
