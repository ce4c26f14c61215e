import { OrderDistributeScreen } from '@/components/account/order-screens';
import type { PageQuery } from '@/lib/web/page-query';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/OrderDistribute');

type Props = { searchParams: Promise<PageQuery> };

export default async function OrderDistributePage({ searchParams }: Props) {
  return <OrderDistributeScreen path="/OrderDistribute" query={await searchParams} />;
}
