import { InvoiceDetailScreen } from '@/components/account/invoice-screens';
import type { PageQuery } from '@/components/account/account-paths';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/InvoiceDetail');

type Props = { searchParams: Promise<PageQuery> };

export default async function InvoiceDetailPage({ searchParams }: Props) {
  return <InvoiceDetailScreen path="/InvoiceDetail" device="mobile" query={await searchParams} />;
}
