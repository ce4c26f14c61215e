/**
 * Device variants of DESIGN §6: proxy.ts sends a visitor to the variant of its device, keeping
 * the query. One table, read by proxy.ts and the tests.
 */
import type { Device } from './device';

/** mobile path ↔ desktop path */
export const VARIANT_PAIRS: [mobile: string, desktop: string][] = [
  ['/CreateOrder', '/OrderSettlePC'],
  ['/PayDetail', '/PaySelectPC'],
  ['/WxpayDetail', '/WxpayDetailPC'],
  ['/OrderDetail', '/OrderDetailPC'],
  ['/Invoice', '/InvoicePC'],
  ['/InvoiceDetail', '/InvoiceDetailPC'],
];

/** Mobile-only personal screens and their desktop personal-center pages (one way: desktop only). */
export const DESKTOP_PERSONAL: Record<string, string> = {
  '/User': '/personalCenter/PersonalInfo',
  '/userInfo': '/personalCenter/PersonalInfo',
  '/Order': '/personalCenter/PersonalOrder',
  '/Address': '/personalCenter/PersonalAddress',
};

/** The path this device should see instead of `path`, or null when `path` is right. */
export function variantFor(path: string, device: Device): string | null {
  for (const [mobile, desktop] of VARIANT_PAIRS) {
    if (device === 'mobile' && path === desktop) return mobile;
    if (device === 'desktop' && path === mobile) return desktop;
  }
  if (device === 'desktop' && DESKTOP_PERSONAL[path]) return DESKTOP_PERSONAL[path];
  return null;
}
