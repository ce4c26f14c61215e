import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/AfterSaleApplyPC');
export { metadata, Page as default };
