import { payScreenPage } from '@/components/account/screen-page';

const { generateMetadata, Page } = payScreenPage('/PaySelectPC');
export { generateMetadata, Page as default };
