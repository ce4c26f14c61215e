import { AddressEditScreen } from '@/components/account/address-screens';
import type { PageQuery } from '@/lib/web/page-query';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/AddressEdit');

type Props = { searchParams: Promise<PageQuery> };

export default async function AddressEditPage({ searchParams }: Props) {
  return <AddressEditScreen path="/AddressEdit" query={await searchParams} />;
}
