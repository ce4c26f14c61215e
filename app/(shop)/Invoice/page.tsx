import { InvoiceListScreen } from '@/components/account/invoice-screens';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/Invoice');

export default function InvoicePage() {
  return <InvoiceListScreen path="/Invoice" device="mobile" />;
}
