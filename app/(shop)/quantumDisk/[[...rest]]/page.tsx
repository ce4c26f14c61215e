import { LandingPage } from '@/components/landing/landing-page';
import { DISK_LINE } from '@/content/landing/disks';
import { requireNoRest, type RestParams } from '@/lib/server/cache/cached-route';
import { routeMetadata } from '@/lib/seo/metadata';

export { generateStaticParams } from '@/lib/server/cache/cached-route';

export const metadata = routeMetadata('/quantumDisk');

export default async function QuantumDiskPage({ params }: { params: RestParams }) {
  await requireNoRest(params);
  return <LandingPage content={DISK_LINE} />;
}
