import { payScreenPage, PayScreen } from '@/components/account/pay-screens';

const { generateMetadata, Page } = payScreenPage('/PayDetail', PayScreen);
export { generateMetadata, Page as default };
