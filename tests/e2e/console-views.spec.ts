/**
 * The console says what the shop says, on a desktop: an order line bought with a ¥100 coupon shows
 * 实付单价 ¥1,199.00 beside its ¥1,299.00 list price; a template with its whole total claimed reads
 * 已领完; every 概览 card is a link, 库存不足 to the 商品 list of the low-stock options; saving a
 * product shows 已保存 beside the button. Each test has its operator (one SMS code a minute a phone).
 */
import { expect, request as http, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_BASE_URL, OPERATORS } from './env';
import { apiLogin, logInOperator, newPhone } from './login';
import { firstSkuId } from './pay';
import { shot } from './shot';

test.skip(({ isMobile }) => isMobile, 'the console is a desktop screen');

const XRW = { 'X-Requested-With': 'XMLHttpRequest' };
const LOW_STOCK = 10;
const tag = () => Date.now() % 100000;


/** A template made through the console's API: a claimable 无门槛券. */
async function template(page: Page, name: string, amountFen: number, total: number | null): Promise<number> {
  const data = { name, kind: 'no_threshold', amountFen, total, scope: { type: 'all' }, validity: { type: 'days', days: 30 }, perUserLimit: 1, issue: 'claim' };
  const made = await (await page.request.post('/api/v1/admin/coupons', { headers: XRW, data })).json();
  expect(made.resultCode, made.message).toBe(200);
  return made.data.id;
}

/** A new shopper over the API, from an address of their own: the context and the headers of their calls. */
async function shopper(ip: string): Promise<{ api: APIRequestContext; headers: Record<string, string> }> {
  const api = await http.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { 'X-Forwarded-For': ip } });
  return { api, headers: { ...XRW, token: await apiLogin(api, newPhone()) } };
}

async function claim(s: { api: APIRequestContext; headers: Record<string, string> }, templateId: number): Promise<number> {
  const got = await (await s.api.post(`/api/v1/coupons/${templateId}/claim`, { headers: s.headers })).json();
  expect(got.resultCode, got.message).toBe(200);
  return got.data.id;
}

test('an order line bought with a ¥100 coupon: 实付单价 ¥1,199.00 beside the ¥1,299.00 list price', async ({ page }) => {
  await logInOperator(page, OPERATORS.consoleOrder, '198.51.100.91');
  const templateId = await template(page, `百元券 ${tag()}`, 10_000, null);

  const s = await shopper('198.51.100.95');
  const couponId = await claim(s, templateId);
  const address = await (
    await s.api.post('/api/v1/addresses', {
      headers: s.headers,
      data: { name: '韩梅梅', tel: '13912345678', province: '安徽省', city: '合肥市', county: '蜀山区', areaCode: '340104', addressDetail: '望江西路 800 号', isDefault: true },
    })
  ).json();
  expect(address.resultCode, address.message).toBe(200);
  const skuId = await firstSkuId(page, 10909);
  const placed = await (
    await s.api.post('/api/v1/orders', { headers: s.headers, data: { items: [{ skuId, quantity: 1 }], addressId: address.data.id, couponId, idempotencyKey: `e2e-cv-${tag()}` } })
  ).json();
  expect(placed.resultCode, placed.message).toBe(200);
  expect(placed.data.totalFen).toBe(119_900);
  await s.api.dispose();

  await page.goto(`/admin/orders/${placed.data.orderNo}`);
  const lines = page.getByRole('region', { name: '订单商品' });
  await expect(lines.getByRole('columnheader', { name: '实付单价' })).toBeVisible();
  const cells = lines.getByRole('row').nth(1).getByRole('cell');
  // 商品 is the row header; then 规格, 单价, 数量, 优惠, 实付单价, 实付小计.
  await expect(cells.nth(1)).toHaveText('¥1,299.00');
  await expect(cells.nth(3)).toHaveText('−¥100.00');
  await expect(cells.nth(4)).toHaveText('¥1,199.00');
  await expect(cells.nth(5)).toHaveText('¥1,199.00');
  await shot(page, 'console-order-paid-unit');
});

test('a template whose whole total was claimed reads 已领完, one with some left 发放中', async ({ page }) => {
  await logInOperator(page, OPERATORS.consoleCoupons, '198.51.100.92');
  const t = tag();
  const gone = await template(page, `限量一张 ${t}`, 500, 1);
  const left = await template(page, `限量五张 ${t}`, 500, 5);
  const s = await shopper('198.51.100.96');
  await claim(s, gone);
  await claim(s, left);
  await s.api.dispose();

  await page.goto('/admin/coupons');
  await expect(page.getByRole('row').filter({ hasText: `限量一张 ${t}` })).toContainText('已领完');
  await expect(page.getByRole('row').filter({ hasText: `限量五张 ${t}` })).toContainText('发放中');
  await shot(page, 'console-coupons-sold-out');
  await page.goto(`/admin/coupons/${gone}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('已领完');
});

test('every 概览 card is a link; 库存不足 leads to the list of the low-stock options', async ({ page }) => {
  await logInOperator(page, OPERATORS.consoleStock, '198.51.100.93');
  await page.goto('/admin');
  const cards = page.locator('.admin-card');
  const n = await cards.count();
  expect(n).toBeGreaterThanOrEqual(8);
  for (let i = 0; i < n; i++) await expect(cards.nth(i).getByRole('link')).toHaveCount(1);
  const low = cards.filter({ hasText: '库存不足' });
  const count = Number((await low.getByRole('link').textContent())!.trim());
  expect(count).toBeGreaterThan(0);
  await shot(page, 'console-dashboard');

  await low.click();
  await expect(page).toHaveURL(/\/admin\/products\?stock=low$/);
  await expect(page.getByRole('navigation', { name: '商品筛选' }).getByRole('link', { name: `库存不足（≤ ${LOW_STOCK} 件）` })).toHaveAttribute('aria-current', 'page');
  const options = page.getByRole('region', { name: '商品列表' }).getByRole('listitem');
  // The seed's sold-out 云母白 of the Q1 青春版 is one of them.
  await expect(options.filter({ hasText: '云母白' })).toHaveCount(1);
  const listed = await options.allTextContents();
  for (const text of listed) expect(Number(/库存 (-?\d+)/.exec(text)![1]), text).toBeLessThanOrEqual(LOW_STOCK);
  // All of them on one page: the list holds exactly the options the card counts.
  if (!(await page.getByRole('navigation', { name: '分页' }).count())) expect(listed).toHaveLength(count);
  await shot(page, 'console-low-stock');
});

test('saving a product says 已保存 beside the button, and so does a second save', async ({ page }) => {
  await logInOperator(page, OPERATORS.consoleSave, '198.51.100.97');
  await page.goto('/admin/products/10923');
  const form = page.getByRole('form', { name: '商品信息' });
  await expect(form.getByRole('status')).toHaveText('');
  // The page's refresh after a save (Next's RSC request) is held back 3 s: a second 保存 made before it
  // arrives must send the version the first save answered with, not the page's old one.
  await page.route('**/admin/products/10923*', async (route) => {
    if (route.request().headers()['rsc']) await new Promise((r) => setTimeout(r, 3_000));
    await route.continue();
  });
  await form.getByRole('button', { name: '保存商品' }).click();
  await expect(form.getByRole('status')).toContainText('已保存');
  await shot(page, 'console-product-saved');
  // The form sends the new version, before and after the refresh: no 商品已被他人修改.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/admin/products/10923') && r.request().method() === 'PUT');
  await form.getByRole('button', { name: '保存商品' }).click();
  expect((await (await saved).json()).resultCode).toBe(200);
  await expect(form.getByRole('status')).toContainText('已保存');
  await expect(page.getByText('商品已被他人修改')).toHaveCount(0);
  // And once the refresh has come, a third.
  await page.waitForLoadState('networkidle');
  const third = page.waitForResponse((r) => r.url().endsWith('/api/v1/admin/products/10923') && r.request().method() === 'PUT');
  await form.getByRole('button', { name: '保存商品' }).click();
  expect((await (await third).json()).resultCode).toBe(200);
});
