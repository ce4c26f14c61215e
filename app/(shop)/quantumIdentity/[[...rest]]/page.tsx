import { indexCopyMetadata } from '@/components/landing/index-copy';
import { LandingPage } from '@/components/landing/landing-page';
import { IDENTITY } from '@/content/landing/identity';
import { isIndexCopy, type RestParams } from '@/lib/server/cache/cached-route';

export { generateStaticParams } from '@/lib/server/cache/cached-route';

/** /quantumIdentity and /quantumIdentity/indexcopy (the same content under the parent's canonical). */
export async function generateMetadata({ params }: { params: RestParams }) {
  return indexCopyMetadata('/quantumIdentity', params);
}

export default async function QuantumIdentityPage({ params }: { params: RestParams }) {
  const copy = await isIndexCopy(params);
  return <LandingPage content={IDENTITY} path={copy ? '/quantumIdentity/indexcopy' : undefined} />;
}
