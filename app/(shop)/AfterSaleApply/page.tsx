import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/AfterSaleApply');
export { metadata, Page as default };
