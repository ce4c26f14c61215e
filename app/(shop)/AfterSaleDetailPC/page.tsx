import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/AfterSaleDetailPC');
export { metadata, Page as default };
