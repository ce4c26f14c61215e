import { GuidePage } from '@/components/help/guide-article';
import { DISK_GUIDE } from '@/content/help/disk-guide';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/helpCenter/diskUserGuide');

export default function Page() {
  return <GuidePage path="/helpCenter/diskUserGuide" guide={DISK_GUIDE} />;
}
