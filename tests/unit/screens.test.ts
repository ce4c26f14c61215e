import { describe, expect, it } from 'vitest';
import { PAY_CHANNELS } from '@/lib/domain/payment-channels';
import { deviceOf, payReturnHref, SCREENS, screenHref, variantFor, type Screen } from '@/lib/domain/screens';
import { ROUTES } from '@/lib/seo/routes';

const screens = Object.keys(SCREENS) as Screen[];

describe('the screen table', () => {
  it('names only routes of the metadata table', () => {
    for (const s of screens) {
      expect(ROUTES[SCREENS[s].mobile], s).toBeDefined();
      expect(ROUTES[SCREENS[s].desktop], s).toBeDefined();
    }
  });

  it('gives every path of the table one device', () => {
    for (const s of screens) {
      expect(deviceOf(SCREENS[s].mobile), SCREENS[s].mobile).toBe('mobile');
      expect(deviceOf(SCREENS[s].desktop), SCREENS[s].desktop).toBe('desktop');
    }
    for (const path of ['/', '/OrderDistribute', '/AddressEdit', '/Setting', '/no-such-page']) expect(deviceOf(path), path).toBeNull();
  });

  it('redirects 我的 and the cart one way: a desktop may keep /Cart, a phone leaves the cart table', () => {
    expect(screens.filter((s) => SCREENS[s].redirect.length === 1)).toEqual(['account', 'cart']);
    expect(variantFor('/Cart', 'desktop')).toBeNull();
    expect(variantFor('/personalCenter/PersonalShoppCart', 'mobile')).toBe('/Cart');
  });
});

describe('screenHref', () => {
  it('builds the links the screens used before', () => {
    expect(screenHref('orders', 'mobile')).toBe('/Order');
    expect(screenHref('orders', 'desktop')).toBe('/personalCenter/PersonalOrder');
    expect(screenHref('cart', 'mobile')).toBe('/Cart');
    expect(screenHref('cart', 'desktop')).toBe('/personalCenter/PersonalShoppCart');
    expect(screenHref('orderDetail', 'mobile', { orderNo: '2024' })).toBe('/OrderDetail?orderNo=2024');
    expect(screenHref('orderDetail', 'desktop', { orderNo: '2024' })).toBe('/OrderDetailPC?orderNo=2024');
    expect(screenHref('pay', 'mobile', { orderNo: '2024' })).toBe('/PayDetail?orderNo=2024');
    expect(screenHref('wechatPay', 'desktop', { orderNo: '2024' })).toBe('/WxpayDetailPC?orderNo=2024');
    expect(screenHref('invoice', 'desktop')).toBe('/InvoicePC');
    expect(screenHref('invoice', 'mobile', { orderNo: '2024' })).toBe('/Invoice?orderNo=2024');
    expect(screenHref('invoiceDetail', 'desktop', { id: 7 })).toBe('/InvoiceDetailPC?id=7');
    expect(screenHref('checkout', 'mobile', { fromCart: 1 })).toBe('/CreateOrder?fromCart=1');
    expect(screenHref('checkout', 'mobile', { skuId: 3, quantity: 2 })).toBe('/CreateOrder?skuId=3&quantity=2');
  });
});

describe('payReturnHref', () => {
  it('sends each channel back to its pay screen on its device', () => {
    const q = { orderNo: '2024', paymentNo: '99' };
    expect(Object.fromEntries(PAY_CHANNELS.map((c) => [c, payReturnHref(c, q)]))).toEqual({
      wechat_native: '/WxpayDetailPC?orderNo=2024&paymentNo=99',
      wechat_h5: '/WxpayDetail?orderNo=2024&paymentNo=99',
      alipay_page: '/PaySelectPC?orderNo=2024&paymentNo=99',
      alipay_wap: '/PayDetail?orderNo=2024&paymentNo=99',
    });
  });

  it('returns to a path that does not redirect the device that paid', () => {
    for (const c of PAY_CHANNELS) {
      const path = payReturnHref(c, { orderNo: '1', paymentNo: '2' }).split('?')[0];
      expect(variantFor(path, deviceOf(path)!), c).toBeNull();
    }
  });
});
