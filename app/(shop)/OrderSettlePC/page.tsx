import { screenPage } from '@/components/account/screen-page';
import { CheckoutScreen } from '@/components/account/checkout-screen';

const { metadata, Page } = screenPage('/OrderSettlePC', CheckoutScreen);
export { metadata, Page as default };
