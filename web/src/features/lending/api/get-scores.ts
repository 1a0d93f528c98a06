import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ApiSchemas } from '@/api/types';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/confirmu?userIds=…: the scores of the members named, by member id (SPEC §7). The API
 * answers only the members asked about, so a page asks about the borrowers it shows.
 */
export const scoresQueryOptions = (memberIds: readonly string[]) => {
  const ids = [...new Set(memberIds)].sort();
  return queryOptions({
    queryKey: ['scores', ids],
    queryFn: async ({ signal }) => {
      const { data } = await apiRequest<ApiSchemas['MemberScore'][]>(
        `/api/confirmu?userIds=${ids.map(encodeURIComponent).join(',')}`,
        { auth: true, fallback: 'Failed to load scores', signal },
      );
      return new Map(data.map((entry) => [entry.userId, entry.totalScore]));
    },
    enabled: ids.length > 0,
    staleTime: 60_000,
    // The next page's scores load while this page's stay on screen.
    placeholderData: (previous) => previous,
  });
};

export function useScores(memberIds: readonly string[]) {
  return useQuery(scoresQueryOptions(memberIds));
}
