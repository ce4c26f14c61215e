import { CheckoutScreen } from '@/components/account/checkout-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/OrderSettlePC');

export default function OrderSettlePCPage() {
  return <CheckoutScreen path="/OrderSettlePC" device="desktop" />;
}
