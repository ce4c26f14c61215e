import { payScreenPage } from '@/components/account/screen-page';

const { generateMetadata, Page } = payScreenPage('/WxpayDetailPC');
export { generateMetadata, Page as default };
