import { PublicLayout } from '@/components/layout/public-layout';
import { TermsOfService } from '@/features/legal/components/terms-of-service';

export default function TermsOfServiceRoute() {
  return (
    <PublicLayout width="wide">
      <TermsOfService />
    </PublicLayout>
  );
}
