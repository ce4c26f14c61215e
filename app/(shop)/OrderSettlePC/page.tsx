import { CheckoutScreen } from '@/components/account/checkout-screens';
import type { PageQuery } from '@/components/account/account-paths';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/OrderSettlePC');

type Props = { searchParams: Promise<PageQuery> };

export default async function OrderSettlePCPage({ searchParams }: Props) {
  return <CheckoutScreen path="/OrderSettlePC" device="desktop" query={await searchParams} />;
}
