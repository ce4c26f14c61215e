import { screenPage } from '@/components/account/screen-page';
import { MessageSettingScreen } from '@/components/account/message-screens';

const { metadata, Page } = screenPage('/personalCenter/PersonalMessageSetting', MessageSettingScreen);
export { metadata, Page as default };
