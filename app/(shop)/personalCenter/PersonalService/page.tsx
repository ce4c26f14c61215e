import { screenPage } from '@/components/account/screen-page';
import { ServiceListScreen } from '@/components/account/service-screens';

const { metadata, Page } = screenPage('/personalCenter/PersonalService', ServiceListScreen);
export { metadata, Page as default };
