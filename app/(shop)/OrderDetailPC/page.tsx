import { OrderDetailScreen } from '@/components/account/order-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/OrderDetailPC');

export default function OrderDetailPCPage() {
  return <OrderDetailScreen path="/OrderDetailPC" />;
}
