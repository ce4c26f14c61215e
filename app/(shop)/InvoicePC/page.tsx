import { InvoiceListScreen } from '@/components/account/invoice-screens';
import type { PageQuery } from '@/components/account/account-paths';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/InvoicePC');

type Props = { searchParams: Promise<PageQuery> };

export default async function InvoicePCPage({ searchParams }: Props) {
  return <InvoiceListScreen path="/InvoicePC" device="desktop" query={await searchParams} />;
}
