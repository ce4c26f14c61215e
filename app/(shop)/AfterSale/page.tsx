import { screenPage } from '@/components/account/screen-page';
import { AfterSaleListScreen } from '@/components/account/after-sale-screens';

const { metadata, Page } = screenPage('/AfterSale', AfterSaleListScreen);
export { metadata, Page as default };
