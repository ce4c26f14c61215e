/**
 * 评价 in the console, on a desktop: a shopper buys a headset, the operator ships it, the shopper
 * confirms receipt and writes a 1-star review (POST /api/v1/reviews). The operator opens 评价 from
 * the console's nav, finds it with the filters (差评, 未回复, its words), hides it (the reason first
 * refused empty), shows it again and replies; the page and its 操作记录 say each step.
 */
import { expect, request as http, test } from '@playwright/test';
import { E2E_BASE_URL, OPERATORS } from './env';
import { apiLogin, loginInForm, newPhone } from './login';

test.skip(({ isMobile }) => isMobile, 'the console is a desktop screen');

const XRW = { 'X-Requested-With': 'XMLHttpRequest' };
const SHOPPER_IP = '203.0.113.71';
const OPERATOR_IP = '198.51.100.71';
/** 量盾 量子加密头戴耳机 200, 深空灰: bought by specs that never count its stock. */
const PRODUCT = 10913;

type Env<T> = { resultCode: number; message: string; data: T };

test('an operator filters the reviews, hides one with a reason, shows it again and replies', async ({ page }) => {
  test.setTimeout(180_000);
  const words = `耳机有杂音 ${Date.now() % 1_000_000}`;

  // The shopper (over the API, with its own address): buys, pays in the demo, gets it shipped, confirms, reviews.
  const shopper = await http.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { 'X-Forwarded-For': SHOPPER_IP, ...XRW } });
  const token = await apiLogin(shopper, newPhone());
  const as = { token };
  const post = async <T>(path: string, data: unknown, headers: Record<string, string> = as): Promise<T> => {
    const body = (await (await shopper.post(`/api/v1${path}`, { headers, data })).json()) as Env<T>;
    expect(body.resultCode, `${path}: ${body.message}`).toBe(200);
    return body.data;
  };
  const product = (await (await shopper.get(`/api/v1/products/${PRODUCT}`)).json()) as Env<{ skus: { id: number }[] }>;
  const address = await post<{ id: number }>('/addresses', { name: '韩梅梅', tel: '13912345678', province: '安徽省', city: '合肥市', county: '蜀山区', areaCode: '340104', addressDetail: '望江西路 800 号', isDefault: true });
  const order = await post<{ orderNo: string }>('/orders', { items: [{ skuId: product.data.skus[0].id, quantity: 1 }], addressId: address.id, idempotencyKey: `rv-${Date.now()}` });
  const orderNo = order.orderNo;
  const pay = await post<{ codeUrl: string; paymentNo: string }>('/payments', { orderNo, channel: 'wechat_native' });
  expect((await shopper.post(`${pay.codeUrl}/confirm`, { form: {}, maxRedirects: 0 })).status()).toBe(303);
  await expect.poll(async () => ((await (await shopper.get(`/api/v1/orders/${orderNo}`, { headers: as })).json()) as Env<{ status: string }>).data.status).toBe('paid');

  // The operator logs in on the shop's header, then ships it through the console's API.
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': OPERATOR_IP });
  await page.goto('/');
  const header = page.locator('header.site-header');
  await header.getByRole('button', { name: '登录', exact: true }).click();
  await loginInForm(page.getByRole('dialog', { name: '登录' }), OPERATORS.reviewsConsole);
  await expect(header.getByRole('button', { name: '退出登录' })).toBeVisible();
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': OPERATOR_IP });
  const shipped = await page.request.post(`/api/v1/admin/orders/${orderNo}/ship`, { headers: XRW, data: { carrier: '顺丰速运', trackingNo: `SF${orderNo.slice(-12)}` } });
  expect(((await shipped.json()) as Env<unknown>).resultCode).toBe(200);

  await post(`/orders/${orderNo}/confirm`, {});
  const detail = (await (await shopper.get(`/api/v1/orders/${orderNo}`, { headers: as })).json()) as Env<{ lines: { id: number }[] }>;
  await post('/reviews', { orderNo, orderItemId: detail.data.lines[0].id, rating: 1, content: `${words}，右耳时有时无`, anonymous: false });

  // 评价 in the nav; the filters find it.
  await page.goto('/admin');
  await page.getByRole('navigation', { name: '运营后台' }).getByRole('link', { name: '评价' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '评价' })).toBeVisible();
  const filters = page.getByRole('search', { name: '筛选评价' });
  await filters.getByLabel('星级').selectOption('bad');
  await filters.getByLabel('回复').selectOption('no');
  await filters.getByLabel('订单号 / 手机号 / 评价内容').fill(words);
  await filters.getByRole('button', { name: '查询' }).click();
  await page.waitForURL(/stars=bad/);
  const row = page.getByRole('row').filter({ hasText: words });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('量盾 量子加密头戴耳机 200');
  await expect(row).toContainText('深空灰');
  await expect(row).toContainText(orderNo);
  await expect(row.getByRole('img', { name: '1 星（非常差）' })).toBeVisible();
  await expect(row).toContainText('待回复');

  // 好评 does not list it.
  await filters.getByLabel('星级').selectOption('good');
  await filters.getByRole('button', { name: '查询' }).click();
  await expect(page.getByText('没有符合条件的评价。')).toBeVisible();
  await filters.getByLabel('星级').selectOption('bad');
  await filters.getByRole('button', { name: '查询' }).click();

  await page.getByRole('row').filter({ hasText: words }).getByRole('link', { name: '回复 / 处理' }).click();
  await page.waitForURL(/\/admin\/reviews\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('显示中');
  await expect(page.locator('main')).toContainText(`${words}，右耳时有时无`);

  // 隐藏: the reason is required, then the review is hidden and the audit says so.
  const hide = page.getByRole('form', { name: '隐藏评价' });
  await hide.getByRole('button', { name: '隐藏评价' }).click();
  await expect(hide.getByRole('alert')).toHaveText('请填写隐藏原因');
  await hide.getByLabel('隐藏原因（仅运营人员可见）').fill('含不实信息，待核实');
  await hide.getByRole('button', { name: '隐藏评价' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('已隐藏');
  await expect(page.locator('main')).toContainText('原因：含不实信息，待核实');
  const audit = page.getByRole('region', { name: '操作记录' });
  await expect(audit).toContainText('隐藏评价');

  // 恢复显示, behind a confirmation.
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: '恢复显示' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('显示中');
  await expect(audit).toContainText('恢复显示评价');

  // 商家回复, then the list reads 已回复.
  const reply = page.getByRole('form', { name: '商家回复' });
  await reply.getByLabel('回复内容（显示在商品页该评价下）').fill('您好，已安排客服联系您更换，给您添麻烦了。');
  await reply.getByRole('button', { name: '回复' }).click();
  await expect(page.getByRole('region', { name: '商家回复' }).locator('p.review-text')).toHaveText('您好，已安排客服联系您更换，给您添麻烦了。');
  await expect(reply.getByRole('button', { name: '更新回复' })).toBeVisible();
  await expect(audit).toContainText('回复评价');

  await page.goto(`/admin/reviews?q=${encodeURIComponent(words)}&replied=yes`);
  await expect(page.getByRole('row').filter({ hasText: words })).toContainText('已回复');
  await shopper.dispose();
});
