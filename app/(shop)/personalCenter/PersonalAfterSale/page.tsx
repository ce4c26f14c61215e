import { screenPage } from '@/components/account/screen-page';
import { AfterSaleListScreen } from '@/components/account/after-sale-list-screen';

const { metadata, Page } = screenPage('/personalCenter/PersonalAfterSale', AfterSaleListScreen);
export { metadata, Page as default };
