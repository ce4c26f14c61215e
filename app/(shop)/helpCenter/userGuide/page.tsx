import { GuidePage } from '@/components/help/guide-article';
import { USER_GUIDE } from '@/content/help/user-guide';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/helpCenter/userGuide');

export default function Page() {
  return <GuidePage path="/helpCenter/userGuide" guide={USER_GUIDE} />;
}
