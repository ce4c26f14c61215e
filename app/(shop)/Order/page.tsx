import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/Order');
export { metadata, Page as default };
