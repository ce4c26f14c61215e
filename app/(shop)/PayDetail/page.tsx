import { payScreenPage } from '@/components/account/screen-page';

const { generateMetadata, Page } = payScreenPage('/PayDetail');
export { generateMetadata, Page as default };
