import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/Favorite');
export { metadata, Page as default };
