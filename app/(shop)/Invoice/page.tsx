import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/Invoice');
export { metadata, Page as default };
