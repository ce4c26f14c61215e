import { GuidePage } from '@/components/help/guide-article';
import { PRIVACY_POLICY } from '@/content/legal/privacy-policy';
import { PRIVACY_PATH } from '@/lib/shop-identity';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata(PRIVACY_PATH);

export default function Page() {
  return <GuidePage path={PRIVACY_PATH} guide={PRIVACY_POLICY} />;
}
