import { payScreenPage } from '@/components/account/screen-page';

const { generateMetadata, Page } = payScreenPage('/WxpayDetail');
export { generateMetadata, Page as default };
