import { screenPage } from '@/components/account/screen-page';
import { OrderDetailScreen } from '@/components/account/order-screens';

const { metadata, Page } = screenPage('/OrderDetailPC', OrderDetailScreen);
export { metadata, Page as default };
