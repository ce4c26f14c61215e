import { InvoiceListScreen } from '@/components/account/invoice-screens';
import type { PageQuery } from '@/components/account/account-paths';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/Invoice');

type Props = { searchParams: Promise<PageQuery> };

export default async function InvoicePage({ searchParams }: Props) {
  return <InvoiceListScreen path="/Invoice" device="mobile" query={await searchParams} />;
}
