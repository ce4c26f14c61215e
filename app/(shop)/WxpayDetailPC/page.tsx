import { payScreenPage, WxpayScreen } from '@/components/account/pay-screens';

const { generateMetadata, Page } = payScreenPage('/WxpayDetailPC', WxpayScreen);
export { generateMetadata, Page as default };
