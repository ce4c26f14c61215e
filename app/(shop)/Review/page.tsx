import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/Review');
export { metadata, Page as default };
