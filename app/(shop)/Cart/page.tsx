import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/Cart');
export { metadata, Page as default };
