import { ProfileScreen } from '@/components/account/profile-screens';
import { getPageUser } from '@/lib/auth/page-session';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/userInfo');

export default async function UserInfoPage() {
  const user = await getPageUser();
  return <ProfileScreen path="/userInfo" user={user} />;
}
