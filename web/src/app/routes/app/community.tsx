import { Community } from '@/features/community/components/community';

export default function CommunityRoute() {
  return <Community />;
}
