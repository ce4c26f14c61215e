import { NotFoundView } from '@/components/layout/not-found-view';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = { ...routeMetadata('/404'), robots: { index: false, follow: true } };

export default function NotFoundRoute() {
  return <NotFoundView />;
}
