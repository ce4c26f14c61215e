import { sharedScreenPage } from '@/components/account/screen-page';
import { CartScreen } from '@/components/account/cart-screen';

const { metadata, Page } = sharedScreenPage('/Cart', CartScreen);
export { metadata, Page as default };
