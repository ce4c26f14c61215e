import { ProfileScreen } from '@/components/account/profile-screens';
import { getPageUser } from '@/lib/auth/page-session';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/personalCenter/PersonalInfo');

export default async function PersonalInfoPage() {
  const user = await getPageUser();
  return <ProfileScreen path="/personalCenter/PersonalInfo" user={user} />;
}
