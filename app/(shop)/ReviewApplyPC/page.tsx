import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/ReviewApplyPC');
export { metadata, Page as default };
