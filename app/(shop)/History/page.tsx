import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/History');
export { metadata, Page as default };
