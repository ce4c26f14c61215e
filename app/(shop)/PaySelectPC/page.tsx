import { screenPage } from '@/components/account/screen-page';

const { metadata, Page } = screenPage('/PaySelectPC');
export { metadata, Page as default };
