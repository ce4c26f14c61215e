import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/AfterSale');
export { metadata, Page as default };
