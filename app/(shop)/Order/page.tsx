import { OrderListScreen } from '@/components/account/order-screens';
import type { PageQuery } from '@/components/account/account-paths';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/Order');

type Props = { searchParams: Promise<PageQuery> };

export default async function OrderPage({ searchParams }: Props) {
  return <OrderListScreen path="/Order" device="mobile" query={await searchParams} />;
}
