import { CheckoutScreen } from '@/components/account/checkout-screens';
import type { PageQuery } from '@/components/account/account-paths';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/CreateOrder');

type Props = { searchParams: Promise<PageQuery> };

export default async function CreateOrderPage({ searchParams }: Props) {
  return <CheckoutScreen path="/CreateOrder" device="mobile" query={await searchParams} />;
}
