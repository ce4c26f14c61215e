import { sharedScreenPage } from '@/components/account/screen-page';
import { CartScreen } from '@/components/account/cart-screen';

const { metadata, Page } = sharedScreenPage('/personalCenter/PersonalShoppCart', CartScreen);
export { metadata, Page as default };
