import { useLocation } from 'react-router-dom';

import { usePreloadRoute } from '@/app/router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { SignedOutOnly } from '@/components/layout/signed-out-only';
import { LoginForm } from '@/features/auth/components/login-form';
import { returnPath } from '@/lib/return-path';

export default function LoginRoute() {
  // While the member types, the code of where logging in leads (the dashboard, or the page they
  // were sent here from) arrives, so the signed-in frame appears with the login's answer.
  usePreloadRoute(returnPath(useLocation().state));
  return (
    <SignedOutOnly>
      <AuthLayout title="Welcome back" subtitle="Log in to learn, connect and lend.">
        <LoginForm />
      </AuthLayout>
    </SignedOutOnly>
  );
}
