import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/personalCenter/PersonalFavorite');
export { metadata, Page as default };
