/**
 * The page of a device screen. Its file under app/(shop)/ is only
 *
 *   const { metadata, Page } = screenPage('/OrderDetailPC');
 *   export { metadata, Page as default };
 *
 * The path says which screen it shows and for which device (lib/screens.ts); its title and
 * canonical are the path's own (lib/seo/routes.ts).
 */
import type { Metadata } from 'next';
import type { Device } from '@/lib/device';
import type { PageQuery } from '@/lib/page-query';
import { deviceOf, SCREENS, type Screen } from '@/lib/screens';
import { routeMetadata } from '@/lib/seo/metadata';
import { AfterSaleApplyScreen, AfterSaleDetailScreen, AfterSaleListScreen } from './after-sale-screens';
import { CartScreen, CheckoutScreen, PayScreen, WxpayScreen } from './checkout-screens';
import { InvoiceDetailScreen, InvoiceListScreen } from './invoice-screens';
import { OrderDetailScreen, OrderListScreen } from './order-screens';
import type { DeviceQueryScreenProps } from './screen-props';

type View = (props: DeviceQueryScreenProps) => React.ReactNode | Promise<React.ReactNode>;

/**
 * The screens drawn by one component on both devices, told which device it is drawing for. The
 * personal screens (我的, 个人信息, 收货地址) take no device and keep their own small pages.
 */
const VIEWS = {
  checkout: CheckoutScreen,
  pay: PayScreen,
  wechatPay: WxpayScreen,
  orderDetail: OrderDetailScreen,
  invoice: InvoiceListScreen,
  invoiceDetail: InvoiceDetailScreen,
  orders: OrderListScreen,
  cart: CartScreen,
  afterSaleApply: AfterSaleApplyScreen,
  afterSaleDetail: AfterSaleDetailScreen,
  afterSales: AfterSaleListScreen,
} satisfies Partial<Record<Screen, View>>;

type ViewScreen = keyof typeof VIEWS;
/** The paths screenPage serves: both devices' paths of the screens above. */
type ViewPath = (typeof SCREENS)[ViewScreen][Device];

type ShopPage = { metadata: Metadata; Page: (props: { searchParams: Promise<PageQuery> }) => Promise<React.ReactNode> };

export function screenPage(path: ViewPath): ShopPage {
  const screen = (Object.keys(VIEWS) as ViewScreen[]).find((s) => SCREENS[s].mobile === path || SCREENS[s].desktop === path);
  const device = deviceOf(path);
  if (!screen || !device) throw new Error(`${path} is no device screen of lib/screens.ts`);
  const View: View = VIEWS[screen];
  const Page = async ({ searchParams }: { searchParams: Promise<PageQuery> }) => <View path={path} device={device} query={await searchParams} />;
  return { metadata: routeMetadata(path), Page };
}
