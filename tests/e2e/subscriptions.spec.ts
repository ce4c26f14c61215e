/**
 * A service bought is a subscription the shopper keeps (docs/subscriptions.md), on both devices: 我的服务
 * lists it with its state and end; 续费 on its page → the pay screen → 支付成功 → the end moved by exactly the
 * years bought, the history saying so.
 */
import { expect, test, type Page } from '@playwright/test';
import { loginNewShopper } from './login';
import { firstSkuId, payOrderInDemo, payWithWechatPage, placeOrder } from './pay';
import { shot } from './shot';

const MAIL = 10920;
const XRW = { 'X-Requested-With': 'XMLHttpRequest' };
const DAY = 86_400_000;

type Sub = { id: number; endsAt: string; state: string; stateLabel: string; codes: { code: string }[] };

async function api<T>(page: Page, method: 'GET' | 'POST', path: string): Promise<T> {
  const res = method === 'GET' ? await page.request.get(`/api/v1${path}`) : await page.request.post(`/api/v1${path}`, { headers: XRW, data: {} });
  const body = (await res.json()) as { resultCode: number; message: string; data: T };
  expect(body.resultCode, body.message).toBe(200);
  return body.data;
}

/** A paid, activated 量子邮箱 个人版 of the logged-in shopper. */
async function activeSubscription(page: Page): Promise<Sub> {
  const orderNo = await placeOrder(page, await firstSkuId(page, MAIL));
  await payOrderInDemo(page, orderNo);
  const [s] = (await api<{ items: Sub[] }>(page, 'GET', '/subscriptions')).items;
  await api(page, 'POST', `/licenses/${s.codes[0].code}/activate`);
  return api<Sub>(page, 'GET', `/subscriptions/${s.id}`);
}

test('我的服务 → 续费 2 年 → pay → the end moves by exactly 730 days', async ({ page }, info) => {
  const mobile = info.project.name === 'mobile';
  await loginNewShopper(page);
  const before = await activeSubscription(page);
  expect(before.stateLabel).toBe('生效中');

  await page.goto('/Service');
  const card = page.locator('article', { hasText: '量子邮箱' }).first();
  await expect(card).toContainText('生效中');
  await expect(card).toContainText(before.endsAt.slice(0, 4));
  await shot(page, 'my-services');
  await card.getByRole('link', { name: '续费', exact: true }).click();
  await page.waitForURL(mobile ? /\/ServiceDetail\?id=\d+#renew$/ : /\/ServiceDetailPC\?id=\d+#renew$/);
  await expect(page.getByRole('heading', { name: '续费', exact: true })).toBeVisible();
  await page.getByText('2 年', { exact: true }).click();
  const price = await page.getByTestId('renew-price').textContent();
  await shot(page, 'subscription-renew');
  await page.getByRole('button', { name: '去支付' }).first().click();
  await page.waitForURL(/\/(PayDetail|PaySelectPC)\?orderNo=\d{20}/);
  await expect(page.getByText(price!).first()).toBeVisible();
  await payWithWechatPage(page, mobile);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('支付成功');

  const after = await api<Sub>(page, 'GET', `/subscriptions/${before.id}`);
  expect(new Date(after.endsAt).getTime() - new Date(before.endsAt).getTime()).toBe(730 * DAY);
  await page.goto(`/ServiceDetail?id=${before.id}`);
  const newEnd = new Date(new Date(after.endsAt).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  await expect(page.locator('main')).toContainText(newEnd);
  await expect(page.locator('main')).toContainText('顺延至');
  await shot(page, 'subscription-renewed');
});
