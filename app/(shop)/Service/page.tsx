import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/Service');
export { metadata, Page as default };
