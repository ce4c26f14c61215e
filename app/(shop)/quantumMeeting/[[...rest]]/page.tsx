import { indexCopyMetadata } from '@/components/landing/index-copy';
import { LandingPage } from '@/components/landing/landing-page';
import { MEETING } from '@/content/landing/meeting';
import { isIndexCopy, type RestParams } from '@/lib/server/cache/cached-route';

export { generateStaticParams } from '@/lib/server/cache/cached-route';

/** /quantumMeeting and /quantumMeeting/indexcopy (the same content under the parent's canonical). */
export async function generateMetadata({ params }: { params: RestParams }) {
  return indexCopyMetadata('/quantumMeeting', params);
}

export default async function QuantumMeetingPage({ params }: { params: RestParams }) {
  const copy = await isIndexCopy(params);
  return <LandingPage content={MEETING} path={copy ? '/quantumMeeting/indexcopy' : undefined} />;
}
