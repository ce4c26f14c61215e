import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/InvoiceDetailPC');
export { metadata, Page as default };
