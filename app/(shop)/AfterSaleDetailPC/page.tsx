import { screenPage } from '@/components/account/screen-page';
import { AfterSaleDetailScreen } from '@/components/account/after-sale-detail-screen';

const { metadata, Page } = screenPage('/AfterSaleDetailPC', AfterSaleDetailScreen);
export { metadata, Page as default };
