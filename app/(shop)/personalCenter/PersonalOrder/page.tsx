import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/personalCenter/PersonalOrder');
export { metadata, Page as default };
