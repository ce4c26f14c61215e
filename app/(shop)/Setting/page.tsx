import { SettingScreen } from '@/components/account/profile-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/Setting');

export default function SettingPage() {
  return <SettingScreen path="/Setting" />;
}
