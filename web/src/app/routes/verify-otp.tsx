import { useSearchParams } from 'react-router-dom';

import { AuthLayout } from '@/components/layout/auth-layout';
import { VerifyOtpForm } from '@/features/auth/components/verify-otp-form';

/** With ?email= it is the password-reset flow; without, sign-up's (SPEC §2). */
export default function VerifyOtpRoute() {
  const [search] = useSearchParams();
  const email = search.get('email');
  const resetEmail = email === null || email.trim() === '' ? null : email.trim();
  return (
    <AuthLayout title={resetEmail === null ? 'Verify your email' : 'Enter your reset code'}>
      <VerifyOtpForm key={resetEmail ?? 'sign-up'} resetEmail={resetEmail} />
    </AuthLayout>
  );
}
