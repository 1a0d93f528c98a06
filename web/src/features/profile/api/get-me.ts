import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { session, type SessionUser } from '@/lib/session';

/**
 * The member's own record, fresh from the API; the session's copy follows it. A cancelled read
 * (`signal`: a save of the profile began meanwhile) stores nothing: its answer is older than
 * the save's.
 */
export async function getMe(signal?: AbortSignal): Promise<SessionUser> {
  const { data } = await apiRequest<SessionUser>('/users/me', {
    auth: true,
    fallback: 'Failed to load your profile',
    signal,
  });
  session.setDetail(data);
  return data;
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: ['users', 'me'], queryFn: ({ signal }) => getMe(signal) });

export function useMe() {
  return useQuery({
    ...meQueryOptions(),
    // The stored copy shows at once; the API's answer replaces it.
    initialData: () => session.getState().detail ?? undefined,
    initialDataUpdatedAt: 0,
  });
}
