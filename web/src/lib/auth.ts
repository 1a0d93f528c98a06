import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';

import { apiRequest } from './api-client';
import { session } from './session';
import { notify } from './toasts';

/** What the login screen says after a logout, alone: the last page's toasts stay behind. */
export const LOGGED_OUT = 'You have logged out.';

/**
 * Logout (SPEC §2): the session is cleared at once and the member goes to /login, which says so;
 * the API is told to end the sign-in on the way, and whatever it answers changes nothing here.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    const { refresh } = session.getState();
    session.clear();
    queryClient.clear();
    if (refresh !== null) {
      apiRequest('/users/logout', { method: 'POST', body: { refresh }, fallback: '' }).catch(
        (error: unknown) => console.warn('Logout: the API did not end the session', error),
      );
    }
    notify.info(LOGGED_OUT, { action: 'auth.logout', forNextPage: true });
    void navigate(paths.login, { replace: true });
  }, [navigate, queryClient]);
}
