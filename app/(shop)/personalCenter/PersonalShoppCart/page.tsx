import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/personalCenter/PersonalShoppCart');
export { metadata, Page as default };
