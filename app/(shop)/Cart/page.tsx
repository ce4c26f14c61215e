import { screenPage } from '@/components/account/screen-page';
import { CartScreen } from '@/components/account/cart-screen';

const { metadata, Page } = screenPage('/Cart', CartScreen);
export { metadata, Page as default };
