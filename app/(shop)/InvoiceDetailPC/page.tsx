import { InvoiceDetailScreen } from '@/components/account/invoice-screens';
import type { PageQuery } from '@/components/account/account-paths';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/InvoiceDetailPC');

type Props = { searchParams: Promise<PageQuery> };

export default async function InvoiceDetailPCPage({ searchParams }: Props) {
  return <InvoiceDetailScreen path="/InvoiceDetailPC" device="desktop" query={await searchParams} />;
}
