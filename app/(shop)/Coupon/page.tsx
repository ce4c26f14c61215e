import { screenPage } from '@/components/account/screen-page';
import { CouponListScreen } from '@/components/account/coupon-screens';

const { metadata, Page } = screenPage('/Coupon', CouponListScreen);
export { metadata, Page as default };
