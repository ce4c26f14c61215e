import { OrderListScreen } from '@/components/account/order-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/personalCenter/PersonalOrder');

export default function PersonalOrderPage() {
  return <OrderListScreen path="/personalCenter/PersonalOrder" />;
}
