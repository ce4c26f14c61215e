import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/personalCenter/PersonalHistory');
export { metadata, Page as default };
