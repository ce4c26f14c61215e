/**
 * The shop's device screens: which path is the mobile and which the desktop screen of each, and
 * whether proxy.ts moves a visitor onto the path of its own device (keeping the query). The proxy,
 * the pages (components/account/screen-page.tsx), the links and the payment return addresses all
 * read this table, so a device pair is changed here and nowhere else (docs/routes.md, "Device
 * variants"). Pure: it also runs in the browser and in the proxy.
 */
import type { Device } from './device';
import { CHANNEL_FOR, type PayChannel } from './payment-channels';
import { withQuery } from './query-string';

type ScreenPaths = {
  mobile: string;
  desktop: string;
  /**
   * The devices proxy.ts sends to their own path when they open the other one. The personal screens
   * go one way: a desktop visitor of /Order lands in the personal center, a phone that opens a
   * personal-center page stays there. The cart's two screens are not redirected at all: links pick
   * the device's one.
   */
  redirect: readonly Device[];
};

const BOTH = ['mobile', 'desktop'] as const;
const TO_DESKTOP = ['desktop'] as const;

export const SCREENS = {
  checkout: { mobile: '/CreateOrder', desktop: '/OrderSettlePC', redirect: BOTH },
  pay: { mobile: '/PayDetail', desktop: '/PaySelectPC', redirect: BOTH },
  wechatPay: { mobile: '/WxpayDetail', desktop: '/WxpayDetailPC', redirect: BOTH },
  orderDetail: { mobile: '/OrderDetail', desktop: '/OrderDetailPC', redirect: BOTH },
  invoice: { mobile: '/Invoice', desktop: '/InvoicePC', redirect: BOTH },
  invoiceDetail: { mobile: '/InvoiceDetail', desktop: '/InvoiceDetailPC', redirect: BOTH },
  afterSaleApply: { mobile: '/AfterSaleApply', desktop: '/AfterSaleApplyPC', redirect: BOTH },
  afterSaleDetail: { mobile: '/AfterSaleDetail', desktop: '/AfterSaleDetailPC', redirect: BOTH },
  // 我的 has no desktop page of its own: the personal center opens on 个人信息.
  account: { mobile: '/User', desktop: '/personalCenter/PersonalInfo', redirect: TO_DESKTOP },
  profile: { mobile: '/userInfo', desktop: '/personalCenter/PersonalInfo', redirect: TO_DESKTOP },
  orders: { mobile: '/Order', desktop: '/personalCenter/PersonalOrder', redirect: TO_DESKTOP },
  address: { mobile: '/Address', desktop: '/personalCenter/PersonalAddress', redirect: TO_DESKTOP },
  afterSales: { mobile: '/AfterSale', desktop: '/personalCenter/PersonalAfterSale', redirect: TO_DESKTOP },
  cart: { mobile: '/Cart', desktop: '/personalCenter/PersonalShoppCart', redirect: [] },
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

/** The mobile screens a desktop visitor is moved off, one way, to its desktop page. */
export const DESKTOP_PERSONAL: Record<string, string> = Object.fromEntries(
  ENTRIES.filter(([, p]) => p.redirect.length === 1 && p.redirect[0] === 'desktop').map(([, p]) => [p.mobile, p.desktop]),
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
