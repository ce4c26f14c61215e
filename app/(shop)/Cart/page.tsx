import { CartScreen } from '@/components/account/checkout-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/Cart');

export default function CartPage() {
  return <CartScreen path="/Cart" device="mobile" />;
}
