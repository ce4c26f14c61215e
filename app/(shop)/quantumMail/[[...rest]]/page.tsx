import { LandingPage } from '@/components/landing/landing-page';
import { MAIL } from '@/content/landing/mail';
import { requireNoRest, type RestParams } from '@/lib/server/cache/cached-route';
import { routeMetadata } from '@/lib/seo/metadata';

export { generateStaticParams } from '@/lib/server/cache/cached-route';

export const metadata = routeMetadata('/quantumMail');

export default async function QuantumMailPage({ params }: { params: RestParams }) {
  await requireNoRest(params);
  return <LandingPage content={MAIL} />;
}
