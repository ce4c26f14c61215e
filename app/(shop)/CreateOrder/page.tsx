import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/CreateOrder');
export { metadata, Page as default };
