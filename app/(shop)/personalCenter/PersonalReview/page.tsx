import { screenPage } from '@/components/account/screen-page';
import { ReviewListScreen } from '@/components/account/review-screens';

const { metadata, Page } = screenPage('/personalCenter/PersonalReview', ReviewListScreen);
export { metadata, Page as default };
