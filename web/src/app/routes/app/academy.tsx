import { Academy } from '@/features/academy/components/academy';

export default function AcademyRoute() {
  return <Academy />;
}
