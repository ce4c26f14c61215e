import { screenPage } from '@/components/account/screen-page';
import { MessageScreen } from '@/components/account/message-screens';

const { metadata, Page } = screenPage('/personalCenter/PersonalMessage', MessageScreen);
export { metadata, Page as default };
