import { screenPage } from '@/components/account/screen-page';
import { OrderListScreen } from '@/components/account/order-screens';

const { metadata, Page } = screenPage('/Order', OrderListScreen);
export { metadata, Page as default };
