import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';

import { usePreloadRoute } from '@/app/router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { paths } from '@/config/paths';
import { CreatePasswordForm } from '@/features/auth/components/create-password-form';
import { notify } from '@/lib/toasts';

const MISSING = 'Missing required information. Please try the password reset process again.';

export default function CreateNewPasswordRoute() {
  const [search] = useSearchParams();
  const email = search.get('email') ?? '';
  const otpCode = search.get('otpCode') ?? '';
  const missing = email === '' || otpCode === '';
  usePreloadRoute(paths.passwordChanged);

  useEffect(() => {
    if (missing) {
      // One toast, however often React runs the effect; it is about the page this one sends to.
      notify.error(MISSING, { action: 'auth.reset-missing-information', forNextPage: true });
    }
  }, [missing]);

  if (missing) {
    return <Navigate to={paths.forgotPassword} replace />;
  }
  return (
    <AuthLayout title="Create a new password" subtitle="Choose a password you have not used here.">
      <CreatePasswordForm email={email} otpCode={otpCode} />
    </AuthLayout>
  );
}
