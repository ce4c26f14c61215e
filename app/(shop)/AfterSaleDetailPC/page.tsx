import { screenPage } from '@/components/account/screen-page';
import { AfterSaleDetailScreen } from '@/components/account/after-sale-screens';

const { metadata, Page } = screenPage('/AfterSaleDetailPC', AfterSaleDetailScreen);
export { metadata, Page as default };
