import { screenPage } from '@/components/account/screen-page';
import { HistoryScreen } from '@/components/account/favorite-screens';

const { metadata, Page } = screenPage('/History', HistoryScreen);
export { metadata, Page as default };
