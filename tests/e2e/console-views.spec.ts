/**
 * The console says what the shop says, on a desktop: an order line bought with a ¥100 coupon shows
 * 实付单价 ¥1,199.00 beside its ¥1,299.00 list price; a template with its whole total claimed reads
 * 已领完; every 概览 card is a link, 库存不足 to the 商品 list of the low-stock options; saving a
 * product shows 已保存 beside the button.
 */
import { expect, request as http, test } from '@playwright/test';
import { E2E_BASE_URL, OPERATORS } from './env';
import { apiLogin, loginInForm, newPhone } from './login';
import { firstSkuId } from './pay';
import { shot } from './shot';

test.skip(({ isMobile }) => isMobile, 'the console is a desktop screen');

const XRW = { 'X-Requested-With': 'XMLHttpRequest' };
const LOW_STOCK = 10;

test('实付单价 after a coupon, 已领完, the 库存不足 card leads to the low-stock options, 已保存 after a save', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = Date.now() % 100000;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.91' });
  await page.goto('/');
  const header = page.locator('header.site-header');
  await header.getByRole('button', { name: '登录', exact: true }).click();
  await loginInForm(page.getByRole('dialog', { name: '登录' }), OPERATORS.consoleViews);
  await expect(header.getByRole('button', { name: '退出登录' })).toBeVisible();

  // Two templates: ¥100 off anything, and one of which only 1 may be issued.
  const base = { kind: 'no_threshold', scope: { type: 'all' }, validity: { type: 'days', days: 30 }, perUserLimit: 1, issue: 'claim' };
  const ids: number[] = [];
  for (const t of [
    { ...base, name: `百元券 ${tag}`, amountFen: 10_000, total: null },
    { ...base, name: `限量一张 ${tag}`, amountFen: 500, total: 1 },
  ]) {
    const made = await (await page.request.post('/api/v1/admin/coupons', { headers: XRW, data: t })).json();
    expect(made.resultCode, made.message).toBe(200);
    ids.push(made.data.id);
  }

  // A shopper takes both and buys one ¥1,299.00 pair of earphones with the ¥100 one.
  const shopper = await http.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.94' } });
  const headers = { ...XRW, token: await apiLogin(shopper, newPhone()) };
  const coupons: number[] = [];
  for (const id of ids) {
    const got = await (await shopper.post(`/api/v1/coupons/${id}/claim`, { headers })).json();
    expect(got.resultCode, got.message).toBe(200);
    coupons.push(got.data.id);
  }
  const address = await (
    await shopper.post('/api/v1/addresses', {
      headers,
      data: { name: '韩梅梅', tel: '13912345678', province: '安徽省', city: '合肥市', county: '蜀山区', areaCode: '340104', addressDetail: '望江西路 800 号', isDefault: true },
    })
  ).json();
  expect(address.resultCode, address.message).toBe(200);
  const skuId = await firstSkuId(page, 10909);
  const placed = await (
    await shopper.post('/api/v1/orders', { headers, data: { items: [{ skuId, quantity: 1 }], addressId: address.data.id, couponId: coupons[0], idempotencyKey: `e2e-cv-${tag}` } })
  ).json();
  expect(placed.resultCode, placed.message).toBe(200);
  expect(placed.data.totalFen).toBe(119_900);
  await shopper.dispose();

  // The order in the console: list price, the coupon's part, and what a unit was paid.
  await page.goto(`/admin/orders/${placed.data.orderNo}`);
  const lines = page.getByRole('region', { name: '订单商品' });
  await expect(lines.getByRole('columnheader', { name: '实付单价' })).toBeVisible();
  const line = lines.getByRole('row').nth(1);
  const cells = line.getByRole('cell');
  // 商品 is the row header; then 规格, 单价, 数量, 优惠, 实付单价, 实付小计.
  await expect(cells.nth(1)).toHaveText('¥1,299.00');
  await expect(cells.nth(3)).toHaveText('−¥100.00');
  await expect(cells.nth(4)).toHaveText('¥1,199.00');
  await expect(cells.nth(5)).toHaveText('¥1,199.00');
  await shot(page, 'console-order-paid-unit');

  // The limited template is all claimed: 已领完, as the coupon centre says.
  await page.goto('/admin/coupons');
  await expect(page.getByRole('row').filter({ hasText: `限量一张 ${tag}` })).toContainText('已领完');
  await expect(page.getByRole('row').filter({ hasText: `百元券 ${tag}` })).toContainText('发放中');
  await shot(page, 'console-coupons-sold-out');

  // 概览: every card is a link; 库存不足 leads to the low-stock options.
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
  await expect(options.filter({ hasText: '云母白' })).toHaveCount(1);
  const listed = await options.allTextContents();
  expect(listed.length).toBeGreaterThan(0);
  for (const text of listed) expect(Number(/库存 (-?\d+)/.exec(text)![1]), text).toBeLessThanOrEqual(LOW_STOCK);
  // All of them on one page: the list holds exactly the options the card counts.
  if (!(await page.getByRole('navigation', { name: /分页/ }).count())) expect(listed).toHaveLength(count);
  await shot(page, 'console-low-stock');

  // Saving a product says so beside the button.
  await page.goto('/admin/products/10923');
  const form = page.getByRole('form', { name: '商品信息' });
  await expect(form.getByRole('status')).toHaveText('');
  await form.getByRole('button', { name: '保存商品' }).click();
  await expect(form.getByRole('status')).toContainText('已保存');
  await shot(page, 'console-product-saved');
  // And again: a second save (on the new version) says so too.
  await form.getByRole('button', { name: '保存商品' }).click();
  await expect(form.getByRole('status')).toContainText('已保存');
  await expect(page.getByText('商品已被他人修改')).toHaveCount(0);
});
