import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/InvoiceDetail');
export { metadata, Page as default };
