import { ProfileScreen } from '@/components/account/profile-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/personalCenter/PersonalInfo');

export default function PersonalInfoPage() {
  return <ProfileScreen path="/personalCenter/PersonalInfo" />;
}
