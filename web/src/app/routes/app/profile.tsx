import { Profile } from '@/features/profile/components/profile';

export default function ProfileRoute() {
  return <Profile />;
}
