import { PublicLayout } from '@/components/layout/public-layout';
import { FeeSovereigntyPledge } from '@/features/legal/components/fee-sovereignty-pledge';

export default function FeeSovereigntyPledgeRoute() {
  return (
    <PublicLayout width="wide">
      <FeeSovereigntyPledge />
    </PublicLayout>
  );
}
