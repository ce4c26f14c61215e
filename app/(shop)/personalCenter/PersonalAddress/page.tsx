import { AddressListScreen } from '@/components/account/address-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/personalCenter/PersonalAddress');

export default function PersonalAddressPage() {
  return <AddressListScreen path="/personalCenter/PersonalAddress" />;
}
