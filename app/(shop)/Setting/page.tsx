import { SettingScreen } from '@/components/account/profile-screens';
import { getPageUser } from '@/lib/auth/page-session';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/Setting');

export default async function SettingPage() {
  const user = await getPageUser();
  return <SettingScreen path="/Setting" user={user} />;
}
