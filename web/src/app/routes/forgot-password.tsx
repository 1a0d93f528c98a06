import { AuthLayout } from '@/components/layout/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter your email and we will send you a code to reset it."
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
