import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/AfterSaleDetail');
export { metadata, Page as default };
