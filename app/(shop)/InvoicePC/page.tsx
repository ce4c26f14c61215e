import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/InvoicePC');
export { metadata, Page as default };
