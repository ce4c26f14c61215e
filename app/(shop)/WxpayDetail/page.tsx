import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/WxpayDetail');
export { metadata, Page as default };
