import { usePreloadRoute } from '@/app/router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { SignedOutOnly } from '@/components/layout/signed-out-only';
import { paths } from '@/config/paths';
import { SignUpForm } from '@/features/auth/components/sign-up-form';

export default function SignUpRoute() {
  // Next comes the code the API mails.
  usePreloadRoute(paths.verifyOtp);
  return (
    <SignedOutOnly>
      <AuthLayout title="Create your account" subtitle="Learn, connect and lend USDC with members.">
        <SignUpForm />
      </AuthLayout>
    </SignedOutOnly>
  );
}
