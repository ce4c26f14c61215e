import { LandingPage } from '@/components/landing/landing-page';
import { HEADSET_T20 } from '@/content/landing/headsets';
import { requireNoRest, type RestParams } from '@/lib/server/cache/cached-route';
import { routeMetadata } from '@/lib/seo/metadata';

export { generateStaticParams } from '@/lib/server/cache/cached-route';

export const metadata = routeMetadata('/quantumHeadset_t20');

export default async function QuantumHeadsetT20Page({ params }: { params: RestParams }) {
  await requireNoRest(params);
  return <LandingPage content={HEADSET_T20} />;
}
