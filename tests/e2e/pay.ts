/**
 * Shared by e2e specs that need what a shopper and the operator do before the part they test: an address, an order
 * through the checkout page, paying it in demo mode, and 发货. Paying goes through the real API and the
 * demo WeChat gateway's "phone" (the same path a shopper's phone takes), never a shortcut.
 */
import { expect, request as http, test, type Browser, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './env';
import { apiLogin } from './login';
import { UA } from '../support/user-agents';

const XRW = { 'X-Requested-With': 'XMLHttpRequest' };

/** The first SKU id of a seeded product (from the public API). */
export async function firstSkuId(page: Page, productId: number): Promise<number> {
  const res = await page.request.get(`/api/v1/products/${productId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { skus: { id: number }[] } }).data.skus[0].id;
}

/** A default address for the logged-in shopper (the auth-token cookie of the page's context). */
export async function addAddressByApi(page: Page): Promise<void> {
  const res = await page.request.post('/api/v1/addresses', {
    headers: XRW,
    data: { name: '李雷', tel: '13912345678', province: '安徽省', city: '合肥市', county: '蜀山区', areaCode: '340104', addressDetail: '望江西路 800 号', isDefault: true },
  });
  expect((await res.json()).resultCode).toBe(200);
}

/** 立即购买 one of this SKU through the checkout page; returns the order number from the pay page. */
export async function placeOrder(page: Page, skuId: number): Promise<string> {
  await page.goto(`/CreateOrder?skuId=${skuId}&quantity=1`);
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/(PayDetail|PaySelectPC)\?orderNo=\d{20}/);
  return new URL(page.url()).searchParams.get('orderNo')!;
}

/** Pays an order in demo mode: starts a WeChat Native payment and confirms it on the demo phone. */
export async function payOrderInDemo(page: Page, orderNo: string): Promise<void> {
  const res = await page.request.post('/api/v1/payments', { headers: XRW, data: { orderNo, channel: 'wechat_native' } });
  const body = (await res.json()) as { resultCode: number; message: string; data: { codeUrl: string; paymentNo: string } };
  expect(body.resultCode, body.message).toBe(200);
  const confirm = await page.request.post(`${body.data.codeUrl}/confirm`, { form: {}, maxRedirects: 0 });
  expect(confirm.status()).toBe(303);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/v1/payments/${body.data.paymentNo}`)).json()) as { data: { status: string } }).data.status)
    .toBe('succeeded');
}

/**
 * 确认支付 on the pay page with WeChat, as a shopper does: on a phone the H5 hand-off to WeChat (which
 * sends the browser back to the shop after paying); on a desktop the QR code, "scanned" by a second
 * page playing the phone. Ends when the payment is confirmed; the pay page turns into 支付成功 by itself.
 */
export async function payWithWechatPage(page: Page, mobile: boolean): Promise<void> {
  await page.getByRole('button', { name: '确认支付' }).click();
  await page.waitForURL(mobile ? /\/WxpayDetail\?orderNo=/ : /\/WxpayDetailPC\?orderNo=/);
  if (mobile) {
    await page.getByTestId('wechat-h5').click();
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL(/\/WxpayDetail\?orderNo=\d{20}&paymentNo=\d{22}/);
  } else {
    const phone = await page.context().newPage();
    await phone.goto((await page.getByTestId('demo-phone').getAttribute('href'))!);
    await phone.getByRole('button', { name: '确认支付' }).click();
    // Closed only once the phone shows its answer: closing it while its form was still being sent
    // hung Chromium's close (about 1 run in 20).
    await expect(phone.getByText('支付成功，请回到商城查看订单。')).toBeVisible();
    await phone.close();
  }
}

/** 发货 through the console's API as `operator` (a phone of OPERATORS), from `ip` (its own, for the per-IP limits); answers the operator's token. */
export async function shipByApi(orderNo: string, o: { operator: string; ip: string; carrier: string; trackingNo: string }): Promise<string> {
  const op = await http.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { 'X-Forwarded-For': o.ip } });
  const token = await apiLogin(op, o.operator);
  const shipped = await op.post(`/api/v1/admin/orders/${orderNo}/ship`, { headers: { token, ...XRW }, data: { carrier: o.carrier, trackingNo: o.trackingNo } });
  expect((await shipped.json()).resultCode).toBe(200);
  await op.dispose();
  return token;
}

/**
 * A coupon in the logged-in shopper's 我的优惠券: `operator` (a phone of OPERATORS, from `ip`) makes a
 * claimable ¥10 无门槛券 through the console's API, and the shopper claims it.
 */
export async function giveCoupon(page: Page, o: { operator: string; ip: string }): Promise<void> {
  const op = await http.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { 'X-Forwarded-For': o.ip } });
  const token = await apiLogin(op, o.operator);
  const data = { name: `十元券 ${Date.now() % 100_000}`, kind: 'no_threshold', amountFen: 1_000, total: null, scope: { type: 'all' }, validity: { type: 'days', days: 30 }, perUserLimit: 1, issue: 'claim' };
  const made = await (await op.post('/api/v1/admin/coupons', { headers: { token, ...XRW }, data })).json();
  expect(made.resultCode, made.message).toBe(200);
  await op.dispose();
  const claimed = await (await page.request.post(`/api/v1/coupons/${made.data.id}/claim`, { headers: XRW })).json();
  expect(claimed.resultCode, claimed.message).toBe(200);
}

/** POST /api/v1{path} as the page's user; expects 200 and gives the envelope's data. */
export async function apiPost<T = unknown>(page: Page, path: string, data: unknown = {}): Promise<T> {
  const body = (await (await page.request.post(`/api/v1${path}`, { headers: XRW, data })).json()) as { resultCode: number; message: string; data: T };
  expect(body.resultCode, body.message).toBe(200);
  return body.data;
}

/** The console in a desktop browser of its own, its operator logged in over the API. */
export async function operatorConsole(browser: Browser, phone: string): Promise<Page> {
  const baseURL = test.info().project.use.baseURL!;
  const ctx = await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', userAgent: UA.windowsChrome, viewport: { width: 1366, height: 900 } });
  const op = await ctx.newPage();
  const token = await apiLogin(op.request, phone);
  await ctx.addCookies([{ name: 'auth-token', value: token, url: baseURL, sameSite: 'Strict' }]);
  return op;
}
