import { OrderListScreen } from '@/components/account/order-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/Order');

export default function OrderPage() {
  return <OrderListScreen path="/Order" />;
}
