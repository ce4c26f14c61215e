import { screenPage } from '@/components/account/screen-page';
import { CouponListScreen } from '@/components/account/coupon-screens';

const { metadata, Page } = screenPage('/personalCenter/PersonalCoupon', CouponListScreen);
export { metadata, Page as default };
