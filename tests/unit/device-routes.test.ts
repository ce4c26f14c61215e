import { describe, expect, it } from 'vitest';
import { DESKTOP_PERSONAL, VARIANT_PAIRS, variantFor } from '@/lib/screens';
import { ROUTES } from '@/lib/seo/routes';

describe('variantFor', () => {
  it('covers the eight pairs of docs/routes.md#device-variants', () => {
    expect(VARIANT_PAIRS).toEqual([
      ['/CreateOrder', '/OrderSettlePC'],
      ['/PayDetail', '/PaySelectPC'],
      ['/WxpayDetail', '/WxpayDetailPC'],
      ['/OrderDetail', '/OrderDetailPC'],
      ['/Invoice', '/InvoicePC'],
      ['/InvoiceDetail', '/InvoiceDetailPC'],
      ['/AfterSaleApply', '/AfterSaleApplyPC'],
      ['/AfterSaleDetail', '/AfterSaleDetailPC'],
    ]);
  });

  it.each(VARIANT_PAIRS)('%s ↔ %s both ways, and no redirect on the right device', (mobile, desktop) => {
    expect(variantFor(desktop, 'mobile')).toBe(mobile);
    expect(variantFor(mobile, 'desktop')).toBe(desktop);
    expect(variantFor(mobile, 'mobile')).toBeNull();
    expect(variantFor(desktop, 'desktop')).toBeNull();
    expect(ROUTES[mobile]).toBeDefined();
    expect(ROUTES[desktop]).toBeDefined();
  });

  it.each(Object.entries(DESKTOP_PERSONAL))('desktop %s → %s; mobile stays', (from, to) => {
    expect(variantFor(from, 'desktop')).toBe(to);
    expect(variantFor(from, 'mobile')).toBeNull();
    // One way only: the personal center is not sent back to the mobile screen.
    expect(variantFor(to, 'mobile')).toBeNull();
    expect(ROUTES[from]).toBeDefined();
    expect(ROUTES[to]).toBeDefined();
  });

  it('maps the personal screens of docs/routes.md#desktop-personal-center', () => {
    expect(DESKTOP_PERSONAL).toEqual({
      '/User': '/personalCenter/PersonalInfo',
      '/userInfo': '/personalCenter/PersonalInfo',
      '/Order': '/personalCenter/PersonalOrder',
      '/Address': '/personalCenter/PersonalAddress',
      '/AfterSale': '/personalCenter/PersonalAfterSale',
    });
  });

  it('leaves every other route alone on both devices', () => {
    const involved = new Set([...VARIANT_PAIRS.flat(), ...Object.keys(DESKTOP_PERSONAL)]);
    for (const path of [...Object.keys(ROUTES), '/proc/10909', '/no-such-page']) {
      if (involved.has(path)) continue;
      expect(variantFor(path, 'mobile'), path).toBeNull();
      expect(variantFor(path, 'desktop'), path).toBeNull();
    }
  });

  it('never sends a device to a path that redirects again', () => {
    for (const device of ['mobile', 'desktop'] as const) {
      for (const path of Object.keys(ROUTES)) {
        const target = variantFor(path, device);
        if (target) expect(variantFor(target, device), `${device} ${path} → ${target}`).toBeNull();
      }
    }
  });
});
