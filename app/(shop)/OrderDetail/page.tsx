import { screenPage } from '@/components/account/screen-page';
import { OrderDetailScreen } from '@/components/account/order-screens';

const { metadata, Page } = screenPage('/OrderDetail', OrderDetailScreen);
export { metadata, Page as default };
