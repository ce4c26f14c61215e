import { describe, expect, it } from 'vitest';
import { ONE_WAY, VARIANT_PAIRS, variantFor } from '@/lib/domain/screens';
import { ROUTES } from '@/lib/seo/routes';

describe('variantFor', () => {
  it('covers the pairs of docs/routes.md#device-variants and the personal center', () => {
    expect(VARIANT_PAIRS).toEqual([
      ['/CreateOrder', '/OrderSettlePC'],
      ['/PayDetail', '/PaySelectPC'],
      ['/WxpayDetail', '/WxpayDetailPC'],
      ['/OrderDetail', '/OrderDetailPC'],
      ['/Invoice', '/InvoicePC'],
      ['/InvoiceDetail', '/InvoiceDetailPC'],
      ['/AfterSaleApply', '/AfterSaleApplyPC'],
      ['/AfterSaleDetail', '/AfterSaleDetailPC'],
      ['/ReviewApply', '/ReviewApplyPC'],
      ['/ServiceDetail', '/ServiceDetailPC'],
      ['/userInfo', '/personalCenter/PersonalInfo'],
      ['/Order', '/personalCenter/PersonalOrder'],
      ['/Address', '/personalCenter/PersonalAddress'],
      ['/AfterSale', '/personalCenter/PersonalAfterSale'],
      ['/Coupon', '/personalCenter/PersonalCoupon'],
      ['/PriceProtect', '/personalCenter/PersonalPriceProtect'],
      ['/Review', '/personalCenter/PersonalReview'],
      ['/Service', '/personalCenter/PersonalService'],
      ['/Favorite', '/personalCenter/PersonalFavorite'],
      ['/History', '/personalCenter/PersonalHistory'],
      ['/Message', '/personalCenter/PersonalMessage'],
      ['/MessageSetting', '/personalCenter/PersonalMessageSetting'],
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

  it.each(ONE_WAY)('%s → %s on a %s only', (from, to, device) => {
    const other = device === 'mobile' ? 'desktop' : 'mobile';
    expect(variantFor(from, device)).toBe(to);
    expect(variantFor(from, other)).toBeNull();
    expect(variantFor(to, device)).toBeNull();
    expect(ROUTES[from]).toBeDefined();
    expect(ROUTES[to]).toBeDefined();
  });

  it('moves a desktop off 我的 and a phone off the personal center cart (docs/routes.md#desktop-personal-center)', () => {
    expect(ONE_WAY).toEqual([
      ['/User', '/personalCenter/PersonalInfo', 'desktop'],
      ['/personalCenter/PersonalShoppCart', '/Cart', 'mobile'],
    ]);
    // A phone on the personal center's 个人信息 gets its own 个人信息, not 我的.
    expect(variantFor('/personalCenter/PersonalInfo', 'mobile')).toBe('/userInfo');
  });

  it('leaves every other route alone on both devices', () => {
    const involved = new Set([...VARIANT_PAIRS.flat(), ...ONE_WAY.map(([from]) => from)]);
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
