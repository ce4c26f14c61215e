import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/personalCenter/PersonalAfterSale');
export { metadata, Page as default };
