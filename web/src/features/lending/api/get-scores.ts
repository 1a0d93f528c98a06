import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

interface ScoreEntry {
  userId: string;
  totalScore: number;
}

/** GET /api/confirmu: every member's score, by member id (SPEC §7). */
export const scoresQueryOptions = () =>
  queryOptions({
    queryKey: ['scores'],
    queryFn: async ({ signal }) => {
      const { data } = await apiRequest<ScoreEntry[]>('/api/confirmu', {
        auth: true,
        fallback: 'Failed to load scores',
        signal,
      });
      return new Map(data.map((entry) => [entry.userId, entry.totalScore]));
    },
    staleTime: 60_000,
  });

export function useScores() {
  return useQuery(scoresQueryOptions());
}
