import { UserScreen } from '@/components/account/profile-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/User');

export default function UserPage() {
  return <UserScreen path="/User" />;
}
