import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/WxpayDetailPC');
export { metadata, Page as default };
