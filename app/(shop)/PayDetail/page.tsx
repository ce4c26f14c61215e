import { PayScreen } from '@/components/account/checkout-screens';
import type { PageQuery } from '@/components/account/account-paths';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/PayDetail');

type Props = { searchParams: Promise<PageQuery> };

export default async function PayDetailPage({ searchParams }: Props) {
  return <PayScreen path="/PayDetail" device="mobile" query={await searchParams} />;
}
