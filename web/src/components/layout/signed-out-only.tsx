import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

import { returnPath } from '@/lib/return-path';
import { useSession } from '@/lib/session';

/**
 * Login and sign-up are for visitors: a member who is signed in goes on to where they were
 * going, else the dashboard (the same place the login form sends them, so the two never race).
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { token, detail } = useSession();
  const location = useLocation();
  if (token !== null && detail !== null) {
    // The screen stays until the next one is in: nothing here would flash a blank page while
    // the router fetches the signed-in code (the progress bar shows that it does).
    return (
      <>
        <Navigate to={returnPath(location.state)} replace />
        {children}
      </>
    );
  }
  return children;
}
