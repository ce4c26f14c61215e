import { InvoiceListScreen } from '@/components/account/invoice-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/InvoicePC');

export default function InvoicePCPage() {
  return <InvoiceListScreen path="/InvoicePC" device="desktop" />;
}
