import { screenPage } from '@/components/account/screen-page';
import { InvoiceListScreen } from '@/components/account/invoice-screens';

const { metadata, Page } = screenPage('/InvoicePC', InvoiceListScreen);
export { metadata, Page as default };
