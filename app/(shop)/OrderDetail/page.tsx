import { OrderDetailScreen } from '@/components/account/order-screens';
import type { PageQuery } from '@/components/account/account-paths';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/OrderDetail');

type Props = { searchParams: Promise<PageQuery> };

export default async function OrderDetailPage({ searchParams }: Props) {
  return <OrderDetailScreen path="/OrderDetail" device="mobile" query={await searchParams} />;
}
