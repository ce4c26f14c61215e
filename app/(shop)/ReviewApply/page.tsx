import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/ReviewApply');
export { metadata, Page as default };
