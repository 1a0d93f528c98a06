import { AuthLayout } from '@/components/layout/auth-layout';
import { PasswordChanged, PasswordChangedMark } from '@/features/auth/components/password-changed';

export default function PasswordChangedRoute() {
  return (
    <AuthLayout
      title="Password changed"
      subtitle="Your password has been changed. For your safety, every device was signed out."
      mark={<PasswordChangedMark />}
    >
      <PasswordChanged />
    </AuthLayout>
  );
}
