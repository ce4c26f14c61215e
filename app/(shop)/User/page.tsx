import { UserScreen } from '@/components/account/profile-screens';
import { getPageUser } from '@/lib/auth/page-session';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/User');

export default async function UserPage() {
  const user = await getPageUser();
  return <UserScreen path="/User" user={user} />;
}
