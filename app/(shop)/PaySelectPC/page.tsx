import { payScreenPage, PayScreen } from '@/components/account/pay-screens';

const { generateMetadata, Page } = payScreenPage('/PaySelectPC', PayScreen);
export { generateMetadata, Page as default };
