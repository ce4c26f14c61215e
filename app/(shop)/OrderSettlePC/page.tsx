import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/OrderSettlePC');
export { metadata, Page as default };
