import { PayScreen } from '@/components/account/checkout-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/PaySelectPC');

export default function PaySelectPCPage() {
  return <PayScreen path="/PaySelectPC" device="desktop" />;
}
