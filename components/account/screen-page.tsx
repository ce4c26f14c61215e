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
import { paidOrder } from '@/components/pay/paid-order';
import { SHOP_NAME } from '@/lib/constants';
import { CartScreen, CheckoutScreen, PAID_HEADING, PayScreen, WxpayScreen } from './checkout-screens';
import { CouponListScreen } from './coupon-screens';
import { FavoriteListScreen, HistoryScreen } from './favorite-screens';
import { InvoiceDetailScreen, InvoiceListScreen } from './invoice-screens';
import { OrderDetailScreen, OrderListScreen } from './order-screens';
import { ReviewApplyScreen, ReviewListScreen } from './review-screens';
import { ServiceListScreen } from './service-screens';
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
  coupons: CouponListScreen,
  services: ServiceListScreen,
  reviewApply: ReviewApplyScreen,
  reviews: ReviewListScreen,
  favorites: FavoriteListScreen,
  history: HistoryScreen,
} satisfies Partial<Record<Screen, View>>;

type ViewScreen = keyof typeof VIEWS;
/** The paths screenPage serves: both devices' paths of the screens above. */
type ViewPath = (typeof SCREENS)[ViewScreen][Device];

type ShopPage = { metadata: Metadata; Page: (props: { searchParams: Promise<PageQuery> }) => Promise<React.ReactNode> };

export function screenPage(path: ViewPath): ShopPage {
  const { Page } = shopPage(path);
  return { metadata: routeMetadata(path), Page };
}

/** The pay screens' pages: their title says 支付成功 once the order is paid (the page is per request anyway). */
export function payScreenPage(path: (typeof SCREENS)['pay' | 'wechatPay'][Device]): Pick<ShopPage, 'Page'> & { generateMetadata: (p: { searchParams: Promise<PageQuery> }) => Promise<Metadata> } {
  const generateMetadata = async ({ searchParams }: { searchParams: Promise<PageQuery> }): Promise<Metadata> => {
    const meta = routeMetadata(path);
    return (await paidOrder(await searchParams)) ? { ...meta, title: { absolute: `${PAID_HEADING} - ${SHOP_NAME}` } } : meta;
  };
  return { generateMetadata, Page: shopPage(path).Page };
}

function shopPage(path: ViewPath): Pick<ShopPage, 'Page'> {
  const screen = (Object.keys(VIEWS) as ViewScreen[]).find((s) => SCREENS[s].mobile === path || SCREENS[s].desktop === path);
  const device = deviceOf(path);
  if (!screen || !device) throw new Error(`${path} is no device screen of lib/screens.ts`);
  const View: View = VIEWS[screen];
  const Page = async ({ searchParams }: { searchParams: Promise<PageQuery> }) => <View path={path} device={device} query={await searchParams} />;
  return { Page };
}
