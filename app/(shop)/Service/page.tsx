import { screenPage } from '@/components/account/screen-page';
import { ServiceListScreen } from '@/components/account/service-screens';

const { metadata, Page } = screenPage('/Service', ServiceListScreen);
export { metadata, Page as default };
