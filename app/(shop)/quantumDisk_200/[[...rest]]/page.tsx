import { LandingPage } from '@/components/landing/landing-page';
import { DISK_200 } from '@/content/landing/disks';
import { requireNoRest, type RestParams } from '@/lib/server/cache/cached-route';
import { routeMetadata } from '@/lib/seo/metadata';

export { generateStaticParams } from '@/lib/server/cache/cached-route';

export const metadata = routeMetadata('/quantumDisk_200');

export default async function QuantumDisk200Page({ params }: { params: RestParams }) {
  await requireNoRest(params);
  return <LandingPage content={DISK_200} />;
}
