import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/Coupon');
export { metadata, Page as default };
