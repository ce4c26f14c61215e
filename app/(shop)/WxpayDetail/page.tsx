import { payScreenPage, WxpayScreen } from '@/components/account/pay-screens';

const { generateMetadata, Page } = payScreenPage('/WxpayDetail', WxpayScreen);
export { generateMetadata, Page as default };
