import { AuthLayout } from '@/components/layout/auth-layout';
import { SignedOutOnly } from '@/components/layout/signed-out-only';
import { LoginForm } from '@/features/auth/components/login-form';

export default function LoginRoute() {
  return (
    <SignedOutOnly>
      <AuthLayout title="Welcome back" subtitle="Log in to learn, connect and lend.">
        <LoginForm />
      </AuthLayout>
    </SignedOutOnly>
  );
}
