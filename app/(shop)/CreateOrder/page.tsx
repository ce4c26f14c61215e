import { CheckoutScreen } from '@/components/account/checkout-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/CreateOrder');

export default function CreateOrderPage() {
  return <CheckoutScreen path="/CreateOrder" device="mobile" />;
}
