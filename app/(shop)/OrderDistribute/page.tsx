import { OrderDistributeScreen } from '@/components/account/order-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/OrderDistribute');

export default function OrderDistributePage() {
  return <OrderDistributeScreen path="/OrderDistribute" />;
}
