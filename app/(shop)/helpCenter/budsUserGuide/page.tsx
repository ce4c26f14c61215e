import { GuidePage } from '@/components/help/guide-article';
import { BUDS_GUIDE } from '@/content/help/buds-guide';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/helpCenter/budsUserGuide');

export default function Page() {
  return <GuidePage path="/helpCenter/budsUserGuide" guide={BUDS_GUIDE} />;
}
