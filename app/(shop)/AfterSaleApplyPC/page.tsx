import { screenPage } from '@/components/account/screen-page';
import { AfterSaleApplyScreen } from '@/components/account/after-sale-apply-screen';

const { metadata, Page } = screenPage('/AfterSaleApplyPC', AfterSaleApplyScreen);
export { metadata, Page as default };
