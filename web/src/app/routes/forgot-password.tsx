import { usePreloadRoute } from '@/app/router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  // Next comes the code the API mails.
  usePreloadRoute(paths.verifyOtp);
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter your email and we will send you a code to reset it."
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
