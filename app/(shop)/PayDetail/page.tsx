import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/PayDetail');
export { metadata, Page as default };
