import { ProfileScreen } from '@/components/account/profile-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/userInfo');

export default function UserInfoPage() {
  return <ProfileScreen path="/userInfo" />;
}
