import { PayScreen } from '@/components/account/checkout-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/PayDetail');

export default function PayDetailPage() {
  return <PayScreen path="/PayDetail" device="mobile" />;
}
