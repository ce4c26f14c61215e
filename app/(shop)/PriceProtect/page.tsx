import { screenPage } from '@/components/account/screen-page';
import { PriceProtectScreen } from '@/components/account/price-protect-screens';

const { metadata, Page } = screenPage('/PriceProtect', PriceProtectScreen);
export { metadata, Page as default };
