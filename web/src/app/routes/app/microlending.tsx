import { MicroLending } from '@/features/lending/components/microlending';

export default function MicroLendingRoute() {
  return <MicroLending />;
}
