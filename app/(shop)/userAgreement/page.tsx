import { GuidePage } from '@/components/help/guide-article';
import { USER_AGREEMENT } from '@/content/legal/user-agreement';
import { TERMS_PATH } from '@/lib/shop-identity';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata(TERMS_PATH);

export default function Page() {
  return <GuidePage path={TERMS_PATH} guide={USER_AGREEMENT} />;
}
