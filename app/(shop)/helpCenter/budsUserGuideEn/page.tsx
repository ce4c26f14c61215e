import { GuidePage } from '@/components/help/guide-article';
import { BUDS_GUIDE_EN } from '@/content/help/buds-guide-en';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/helpCenter/budsUserGuideEn');

export default function Page() {
  return <GuidePage path="/helpCenter/budsUserGuideEn" guide={BUDS_GUIDE_EN} />;
}
