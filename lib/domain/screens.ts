/**
 * The shop's device screens: which path is the mobile and which the desktop screen of each, and
 * whether proxy.ts moves a visitor onto the path of its own device (keeping the query). The proxy,
 * the pages (components/account/screen-page.tsx), the links and the payment return addresses all
 * read this table, so a device pair is changed here and nowhere else (docs/routes.md, "Device
 * variants"). Pure: it also runs in the browser and in the proxy.
 */
import type { Device } from '../web/device';
import { CHANNEL_FOR, type PayChannel } from './payment-channels';
import { withQuery } from '../web/query-string';

type ScreenPaths = {
  mobile: string;
  desktop: string;
  /**
   * The devices proxy.ts sends to their own path when they open the other one. 我的 (/User) has no
   * desktop page of its own, so only a desktop is moved off it; a phone that opens a personal-center
   * page gets the phone's list. The cart's desktop visitor may keep /Cart (a full page on a desktop
   * too); a phone is moved off the personal center's cart table.
   */
  redirect: readonly Device[];
};

const BOTH = ['mobile', 'desktop'] as const;
const TO_DESKTOP = ['desktop'] as const;
const TO_MOBILE = ['mobile'] as const;

export const SCREENS = {
  checkout: { mobile: '/CreateOrder', desktop: '/OrderSettlePC', redirect: BOTH },
  pay: { mobile: '/PayDetail', desktop: '/PaySelectPC', redirect: BOTH },
  wechatPay: { mobile: '/WxpayDetail', desktop: '/WxpayDetailPC', redirect: BOTH },
  orderDetail: { mobile: '/OrderDetail', desktop: '/OrderDetailPC', redirect: BOTH },
  invoice: { mobile: '/Invoice', desktop: '/InvoicePC', redirect: BOTH },
  invoiceDetail: { mobile: '/InvoiceDetail', desktop: '/InvoiceDetailPC', redirect: BOTH },
  afterSaleApply: { mobile: '/AfterSaleApply', desktop: '/AfterSaleApplyPC', redirect: BOTH },
  afterSaleDetail: { mobile: '/AfterSaleDetail', desktop: '/AfterSaleDetailPC', redirect: BOTH },
  reviewApply: { mobile: '/ReviewApply', desktop: '/ReviewApplyPC', redirect: BOTH },
  serviceDetail: { mobile: '/ServiceDetail', desktop: '/ServiceDetailPC', redirect: BOTH },
  // 我的 has no desktop page of its own: the personal center opens on 个人信息.
  account: { mobile: '/User', desktop: '/personalCenter/PersonalInfo', redirect: TO_DESKTOP },
  profile: { mobile: '/userInfo', desktop: '/personalCenter/PersonalInfo', redirect: BOTH },
  orders: { mobile: '/Order', desktop: '/personalCenter/PersonalOrder', redirect: BOTH },
  address: { mobile: '/Address', desktop: '/personalCenter/PersonalAddress', redirect: BOTH },
  afterSales: { mobile: '/AfterSale', desktop: '/personalCenter/PersonalAfterSale', redirect: BOTH },
  coupons: { mobile: '/Coupon', desktop: '/personalCenter/PersonalCoupon', redirect: BOTH },
  priceProtect: { mobile: '/PriceProtect', desktop: '/personalCenter/PersonalPriceProtect', redirect: BOTH },
  reviews: { mobile: '/Review', desktop: '/personalCenter/PersonalReview', redirect: BOTH },
  services: { mobile: '/Service', desktop: '/personalCenter/PersonalService', redirect: BOTH },
  favorites: { mobile: '/Favorite', desktop: '/personalCenter/PersonalFavorite', redirect: BOTH },
  history: { mobile: '/History', desktop: '/personalCenter/PersonalHistory', redirect: BOTH },
  messages: { mobile: '/Message', desktop: '/personalCenter/PersonalMessage', redirect: BOTH },
  messageSettings: { mobile: '/MessageSetting', desktop: '/personalCenter/PersonalMessageSetting', redirect: BOTH },
  cart: { mobile: '/Cart', desktop: '/personalCenter/PersonalShoppCart', redirect: TO_MOBILE },
} as const satisfies Record<string, ScreenPaths>;

export type Screen = keyof typeof SCREENS;
const ENTRIES = Object.entries(SCREENS) as [Screen, ScreenPaths][];
const OTHER: Record<Device, Device> = { mobile: 'desktop', desktop: 'mobile' };

/**
 * The screen's path on this device, with the query's defined, non-empty values. A component drawn
 * the same on both devices links to the mobile path: proxy.ts moves a desktop visitor on.
 */
export function screenHref(screen: Screen, device: Device, query: Parameters<typeof withQuery>[1] = {}): string {
  return withQuery(SCREENS[screen][device], query);
}

/** The device a path of the table is the screen of; null for every other path. */
export function deviceOf(path: string): Device | null {
  for (const [, paths] of ENTRIES) {
    if (paths.mobile === path) return 'mobile';
    if (paths.desktop === path) return 'desktop';
  }
  return null;
}

/** The path this device should see instead of `path` (proxy.ts redirects there), or null when `path` is right. */
export function variantFor(path: string, device: Device): string | null {
  for (const [, paths] of ENTRIES) if (paths.redirect.includes(device) && paths[OTHER[device]] === path) return paths[device];
  return null;
}

/** The pairs redirected both ways, as [mobile, desktop]. */
export const VARIANT_PAIRS: [mobile: string, desktop: string][] = ENTRIES.filter(([, p]) => p.redirect.length === 2).map(([, p]) => [p.mobile, p.desktop]);

/** The paths one device is moved off, one way, to its own page: [from, to, the device moved]. */
export const ONE_WAY: [from: string, to: string, device: Device][] = ENTRIES.filter(([, p]) => p.redirect.length === 1).map(([, p]) =>
  p.redirect[0] === 'desktop' ? [p.mobile, p.desktop, 'desktop'] : [p.desktop, p.mobile, 'mobile'],
);

/** The screen a payment provider sends the shopper back to, per method: the one the payment was started from. */
const PAY_RETURN_SCREEN = { wechat: 'wechatPay', alipay: 'pay' } as const satisfies Record<keyof typeof CHANNEL_FOR, Screen>;

/**
 * Where a channel's provider sends the shopper back (orderNo and paymentNo in the query): the
 * method's pay screen on the device that pays through this channel.
 */
export function payReturnHref(channel: PayChannel, query: { orderNo: string; paymentNo: string }): string {
  for (const [method, devices] of Object.entries(CHANNEL_FOR) as [keyof typeof CHANNEL_FOR, Record<Device, PayChannel>][]) {
    for (const device of BOTH) if (devices[device] === channel) return screenHref(PAY_RETURN_SCREEN[method], device, query);
  }
  throw new Error(`no device pays through ${channel}`);
}
