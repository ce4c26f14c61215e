import { OrderDetailScreen } from '@/components/account/order-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/OrderDetail');

export default function OrderDetailPage() {
  return <OrderDetailScreen path="/OrderDetail" />;
}
