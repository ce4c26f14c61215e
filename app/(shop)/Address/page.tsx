import { AddressListScreen } from '@/components/account/address-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/Address');

export default function AddressPage() {
  return <AddressListScreen path="/Address" />;
}
