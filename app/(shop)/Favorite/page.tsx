import { screenPage } from '@/components/account/screen-page';
import { FavoriteListScreen } from '@/components/account/favorite-screens';

const { metadata, Page } = screenPage('/Favorite', FavoriteListScreen);
export { metadata, Page as default };
