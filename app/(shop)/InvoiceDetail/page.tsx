import { screenPage } from '@/components/account/screen-page';
import { InvoiceDetailScreen } from '@/components/account/invoice-screens';

const { metadata, Page } = screenPage('/InvoiceDetail', InvoiceDetailScreen);
export { metadata, Page as default };
