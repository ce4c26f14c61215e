import { screenPage } from '@/components/account/screen-page';
import { ServiceDetailScreen } from '@/components/account/service-screens';

const { metadata, Page } = screenPage('/ServiceDetailPC', ServiceDetailScreen);
export { metadata, Page as default };
