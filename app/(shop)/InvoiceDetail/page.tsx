import { InvoiceDetailScreen } from '@/components/account/invoice-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/InvoiceDetail');

export default function InvoiceDetailPage() {
  return <InvoiceDetailScreen path="/InvoiceDetail" />;
}
