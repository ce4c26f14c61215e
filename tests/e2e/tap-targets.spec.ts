/**
 * On a phone every link, button and checkbox of 我的 and of each screen under it, of the chat (在线客服) and
 * of the header can be hit with a finger: its box is at least TAP_MIN (44) CSS px each way, as Apple's and
 * WCAG's target size ask (it may look smaller; the hit area is what counts). The shopper has a paid order
 * (completed: 申请售后, 再次购买, 评价, 删除订单) with a review (追评), an unpaid one (去支付), a favorite, a view,
 * an address, a coupon, unread messages and something in the cart, so each screen shows every control it
 * can have.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginNewShopper } from './login';
import { OPERATORS } from './env';
import { addAddressByApi, firstSkuId, giveCoupon, payOrderInDemo, placeOrder } from './pay';
import { shot } from './shot';

const TAP_MIN = 44;
/** 量子邮箱: a service, completed once paid, so its card offers every button without an operator. */
const SERVICE = 10920;
const XRW = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * The visible links, buttons and checkboxes of the page's main content and of its header (the phone's
 * search icon) smaller than TAP_MIN either way; a checkbox is hit through its label, when it has one.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(':is(main, .mobile-header) :is(a, button, summary, input[type=checkbox])')) {
      const r = (el.matches('input') ? (el.closest('label') ?? el) : el).getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (r.width < min || r.height < min) small.push(`${(el.getAttribute('aria-label') || el.textContent || '').trim()} ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return small;
  }, TAP_MIN);
}

/** Opens a screen, waits for what shows it has loaded (its content comes after the page), and checks its targets. */
async function expectFingerSized(page: Page, path: string, loaded: Locator, name: string) {
  await page.goto(path);
  await expect(loaded).toBeVisible();
  expect.soft(await smallTargets(page), `${path}: links and buttons under 44×44`).toEqual([]);
  await shot(page, `tap-${name}`);
}

test('我的订单, 我的收藏 and 足迹: every link, button and checkbox on a phone is at least 44×44', async ({ page }, info) => {
  test.skip(info.project.name !== 'mobile', 'phone tap targets');
  test.setTimeout(180_000);
  await loginNewShopper(page);
  const sku = await firstSkuId(page, SERVICE);
  const paid = await placeOrder(page, sku);
  await payOrderInDemo(page, paid);
  const unpaid = await placeOrder(page, sku);
  expect((await page.request.put(`/api/v1/favorites/${SERVICE}`, { headers: XRW })).status()).toBe(200);
  expect((await page.request.post('/api/v1/user/history', { headers: XRW, data: { productId: SERVICE } })).status()).toBe(200);

  await page.goto('/Order');
  const cards = page.locator('.order-cards');
  await expect(cards.getByRole('article', { name: `订单 ${paid}` }).getByRole('button', { name: '删除订单' })).toBeVisible();
  await expect(cards.getByRole('article', { name: `订单 ${paid}` }).getByRole('link', { name: '评价' })).toBeVisible();
  await expect(cards.getByRole('article', { name: `订单 ${unpaid}` }).getByRole('link', { name: '去支付' })).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
  await shot(page, 'tap-orders');

  await page.goto('/Favorite');
  await expect(page.getByRole('list', { name: '收藏的商品' }).getByRole('button', { name: /^删除收藏：/ })).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
  await page.getByRole('button', { name: '批量管理' }).click();
  await expect(page.getByRole('button', { name: /^删除选中/ })).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
  await shot(page, 'tap-favorites');

  await page.goto('/History');
  await expect(page.getByRole('button', { name: /^删除浏览记录：/ })).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
  await shot(page, 'tap-history');
});

test('我的 and every other screen under it: every link, button and checkbox on a phone is at least 44×44', async ({ page }, info) => {
  test.skip(info.project.name !== 'mobile', 'phone tap targets');
  test.setTimeout(240_000);
  await loginNewShopper(page);
  await addAddressByApi(page);
  const sku = await firstSkuId(page, SERVICE);
  const paid = await placeOrder(page, sku);
  await payOrderInDemo(page, paid);
  const order = (await (await page.request.get(`/api/v1/orders/${paid}`)).json()).data as { lines: { id: number }[] };
  const reviewed = await page.request.post('/api/v1/reviews', { headers: XRW, data: { orderNo: paid, orderItemId: order.lines[0].id, rating: 5, content: '邮件加密很省心，手机电脑都能用。' } });
  expect((await reviewed.json()).resultCode).toBe(200);
  await giveCoupon(page, { operator: OPERATORS.tapTargets, ip: '198.51.100.113' });
  expect((await (await page.request.post('/api/v1/cart/items', { headers: XRW, data: { skuId: await firstSkuId(page, 10909), quantity: 1 } })).json()).resultCode).toBe(200);

  const main = page.locator('main');
  await expectFingerSized(page, '/User', main.getByRole('link', { name: /待评价/ }), 'user');
  await expectFingerSized(page, '/userInfo', main.getByRole('heading', { level: 1 }), 'profile');
  await expectFingerSized(page, '/Setting', main.getByRole('heading', { level: 1 }), 'setting');
  await expectFingerSized(page, `/OrderDetail?orderNo=${paid}`, main.getByText(paid).first(), 'order-detail');
  await expectFingerSized(page, '/Review', main.getByRole('button', { name: /追评/ }).first(), 'reviews');
  await expectFingerSized(page, '/Service', main.getByRole('heading', { level: 1 }), 'services');
  await expectFingerSized(page, '/AfterSale', main.getByRole('heading', { level: 1 }), 'after-sales');
  await expectFingerSized(page, '/Coupon', main.locator('.coupon-list > li').first(), 'coupons');
  await expectFingerSized(page, '/couponCenter', main.getByRole('heading', { level: 1 }), 'coupon-centre');
  await expectFingerSized(page, '/Address', main.getByText('望江西路 800 号'), 'addresses');
  await expectFingerSized(page, '/AddressEdit', main.getByRole('textbox').first(), 'address-edit');
  await expectFingerSized(page, '/Invoice', main.getByRole('heading', { level: 1 }), 'invoices');
  await expectFingerSized(page, '/Message', main.getByRole('button', { name: '全部已读' }), 'messages');
  await expectFingerSized(page, '/MessageSetting', main.getByRole('switch').first(), 'message-settings');
  await expectFingerSized(page, '/Cart', main.getByRole('checkbox').first(), 'cart');
});

test('在线客服 on a phone: every link and button of the chat is at least 44×44', async ({ page }, info) => {
  test.skip(info.project.name !== 'mobile', 'phone tap targets');
  await loginNewShopper(page);
  await page.goto('/Support');
  const box = page.locator('main').getByRole('textbox').first();
  await box.fill('你好，想问一下发票怎么开？');
  await page.locator('main').getByRole('button', { name: '发送' }).click();
  await expect(page.locator('main').getByText('你好，想问一下发票怎么开？')).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
  await shot(page, 'tap-support');
});
