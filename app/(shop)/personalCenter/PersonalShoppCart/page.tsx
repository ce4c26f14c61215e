import { CartScreen } from '@/components/account/checkout-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/personalCenter/PersonalShoppCart');

export default function PersonalShoppCartPage() {
  return <CartScreen path="/personalCenter/PersonalShoppCart" device="desktop" />;
}
