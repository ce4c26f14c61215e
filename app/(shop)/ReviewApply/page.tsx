import { screenPage } from '@/components/account/screen-page';
import { ReviewApplyScreen } from '@/components/account/review-screens';

const { metadata, Page } = screenPage('/ReviewApply', ReviewApplyScreen);
export { metadata, Page as default };
