import { screenPage } from '@/components/account/screen-page';
import { InvoiceDetailScreen } from '@/components/account/invoice-screens';

const { metadata, Page } = screenPage('/InvoiceDetailPC', InvoiceDetailScreen);
export { metadata, Page as default };
