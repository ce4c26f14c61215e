import { AddressEditScreen } from '@/components/account/address-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/AddressEdit');

export default function AddressEditPage() {
  return <AddressEditScreen path="/AddressEdit" />;
}
