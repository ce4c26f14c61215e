import { InvoiceDetailScreen } from '@/components/account/invoice-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/InvoiceDetailPC');

export default function InvoiceDetailPCPage() {
  return <InvoiceDetailScreen path="/InvoiceDetailPC" />;
}
