/**
 * The checkout's coupon picker tells copies of one coupon apart, on both devices: every row says
 * 有效期至 YYYY-MM-DD HH:mm (Beijing time); two copies ending in the same minute also show their
 * 券号, a copy that ends later needs nothing more than its own date.
 */
import { expect, request as http, test, type Page } from '@playwright/test';
import { E2E_BASE_URL, OPERATORS } from './env';
import { apiLogin, loginNewShopper } from './login';
import { addAddressByApi, firstSkuId } from './pay';
import { shot } from './shot';

const XRW = { 'X-Requested-With': 'XMLHttpRequest' };

/** 2026-12-26T07:12:40Z → 2026-12-26 15:12, Beijing time. */
const beijingMinute = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

async function claim(page: Page, templateId: number): Promise<{ id: number; endsAt: string }> {
  const res = await (await page.request.post(`/api/v1/coupons/${templateId}/claim`, { headers: XRW })).json();
  expect(res.resultCode, res.message).toBe(200);
  return res.data;
}

test('two copies of one coupon: each row with its 有效期至, the same-minute copies with their 券号', async ({ page }, info) => {
  test.setTimeout(200_000);
  const mobile = info.project.name === 'mobile';
  const name = `复购券 ${mobile ? '手机' : '电脑'}${Date.now() % 100000}`;
  const op = await http.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { 'X-Forwarded-For': mobile ? '198.51.100.93' : '198.51.100.92' } });
  const opToken = await apiLogin(op, mobile ? OPERATORS.couponPickerMobile : OPERATORS.couponPickerDesktop);
  const made = await (
    await op.post('/api/v1/admin/coupons', {
      headers: { ...XRW, token: opToken },
      data: { name, kind: 'no_threshold', amountFen: 300, scope: { type: 'all' }, validity: { type: 'days', days: 7 }, total: null, perUserLimit: 3, issue: 'claim' },
    })
  ).json();
  expect(made.resultCode, made.message).toBe(200);
  await op.dispose();

  await loginNewShopper(page);
  await addAddressByApi(page);
  // Two copies in one minute (not across a minute's end), then a third once the next minute has begun.
  if (new Date().getSeconds() > 50) await page.waitForTimeout((61 - new Date().getSeconds()) * 1000);
  const a = await claim(page, made.data.id);
  const b = await claim(page, made.data.id);
  expect(beijingMinute(a.endsAt)).toBe(beijingMinute(b.endsAt));
  await page.waitForTimeout((61 - new Date().getSeconds()) * 1000);
  const c = await claim(page, made.data.id);
  expect(beijingMinute(c.endsAt)).not.toBe(beijingMinute(a.endsAt));

  await page.goto(`/CreateOrder?skuId=${await firstSkuId(page, 10909)}&quantity=1`);
  const picker = page.getByRole('region', { name: '优惠券' });
  await picker.getByRole('button', { name: /选择/ }).click();
  const rows = picker.locator('label.coupon-option').filter({ hasText: name });
  await expect(rows).toHaveCount(3);
  // The soonest to end first; each row says when it ends, and the two alike say which they are.
  await expect(rows.nth(0)).toContainText(`有效期至 ${beijingMinute(a.endsAt)} · 券号 ${a.id}`);
  await expect(rows.nth(1)).toContainText(`有效期至 ${beijingMinute(b.endsAt)} · 券号 ${b.id}`);
  await expect(rows.nth(2)).toContainText(`有效期至 ${beijingMinute(c.endsAt)}`);
  await expect(rows.nth(2)).not.toContainText('券号');
  const texts = await rows.allTextContents();
  expect(new Set(texts).size).toBe(3);
  // Each row is its own choice: the later copy can be picked.
  await picker.getByRole('radio', { name: new RegExp(`有效期至 ${beijingMinute(c.endsAt)}`) }).check();
  await expect(picker.getByRole('radio', { name: new RegExp(`有效期至 ${beijingMinute(c.endsAt)}`) })).toBeChecked();
  await picker.scrollIntoViewIfNeeded();
  await shot(page, 'coupon-picker-copies', { fullPage: false });
});
