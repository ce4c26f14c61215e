import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/OrderDetail');
export { metadata, Page as default };
