import { LandingPage } from '@/components/landing/landing-page';
import { EARPHONES } from '@/content/landing/earphones';
import { requireNoRest, type RestParams } from '@/lib/server/cache/cached-route';
import { routeMetadata } from '@/lib/seo/metadata';

export { generateStaticParams } from '@/lib/server/cache/cached-route';

export const metadata = routeMetadata('/EarphoneDetails');

export default async function EarphoneDetailsPage({ params }: { params: RestParams }) {
  await requireNoRest(params);
  return <LandingPage content={EARPHONES} />;
}
