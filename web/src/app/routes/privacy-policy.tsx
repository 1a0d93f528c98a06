import { PublicLayout } from '@/components/layout/public-layout';
import { PrivacyPolicy } from '@/features/legal/components/privacy-policy';

export default function PrivacyPolicyRoute() {
  return (
    <PublicLayout width="wide">
      <PrivacyPolicy />
    </PublicLayout>
  );
}
