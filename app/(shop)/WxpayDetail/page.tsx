import { WxpayScreen } from '@/components/account/checkout-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/WxpayDetail');

export default function WxpayDetailPage() {
  return <WxpayScreen path="/WxpayDetail" device="mobile" />;
}
