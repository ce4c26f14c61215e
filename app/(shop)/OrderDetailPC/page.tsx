import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/OrderDetailPC');
export { metadata, Page as default };
