import { WxpayScreen } from '@/components/account/checkout-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/WxpayDetailPC');

export default function WxpayDetailPCPage() {
  return <WxpayScreen path="/WxpayDetailPC" device="desktop" />;
}
