import { indexCopyMetadata } from '@/components/landing/index-copy';
import { LandingPage } from '@/components/landing/landing-page';
import { DING } from '@/content/landing/ding';
import { isIndexCopy, type RestParams } from '@/lib/server/cache/cached-route';

export { generateStaticParams } from '@/lib/server/cache/cached-route';

/** /quantumDing and /quantumDing/indexcopy (the same content under the parent's canonical). */
export async function generateMetadata({ params }: { params: RestParams }) {
  return indexCopyMetadata('/quantumDing', params);
}

export default async function QuantumDingPage({ params }: { params: RestParams }) {
  const copy = await isIndexCopy(params);
  return <LandingPage content={DING} path={copy ? '/quantumDing/indexcopy' : undefined} />;
}
