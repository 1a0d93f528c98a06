import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { AppLayout } from '@/components/layout/app-layout';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

/**
 * Every signed-in route sits under this one: visitors without a session token go to /login,
 * which brings them back here after logging in (SPEC §2, §6).
 */
export default function SignedInRoute() {
  const { token, detail } = useSession();
  const location = useLocation();
  if (token === null || detail === null) {
    return <Navigate to={paths.login} replace state={{ from: location }} />;
  }
  return (
    <AppLayout user={detail}>
      <Outlet />
    </AppLayout>
  );
}
