import { OrderListScreen } from '@/components/account/order-screens';
import type { PageQuery } from '@/components/account/account-paths';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/personalCenter/PersonalOrder');

type Props = { searchParams: Promise<PageQuery> };

export default async function PersonalOrderPage({ searchParams }: Props) {
  return <OrderListScreen path="/personalCenter/PersonalOrder" device="desktop" query={await searchParams} />;
}
