import { OrderDetailScreen } from '@/components/account/order-screens';
import type { PageQuery } from '@/components/account/account-paths';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/OrderDetailPC');

type Props = { searchParams: Promise<PageQuery> };

export default async function OrderDetailPCPage({ searchParams }: Props) {
  return <OrderDetailScreen path="/OrderDetailPC" device="desktop" query={await searchParams} />;
}
