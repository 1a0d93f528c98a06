import { useSearchParams } from 'react-router-dom';

import { usePreloadRoute } from '@/app/router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { paths } from '@/config/paths';
import { VerifyOtpForm } from '@/features/auth/components/verify-otp-form';

/** With ?email= it is the password-reset flow; without, sign-up's (SPEC §2). */
export default function VerifyOtpRoute() {
  const [search] = useSearchParams();
  const email = search.get('email');
  const resetEmail = email === null || email.trim() === '' ? null : email.trim();
  // A right code leads on to the dashboard (sign-up) or the new-password screen (reset).
  usePreloadRoute(resetEmail === null ? paths.dashboard : paths.createNewPassword);
  return (
    <AuthLayout title={resetEmail === null ? 'Verify your email' : 'Enter your reset code'}>
      <VerifyOtpForm key={resetEmail ?? 'sign-up'} resetEmail={resetEmail} />
    </AuthLayout>
  );
}
