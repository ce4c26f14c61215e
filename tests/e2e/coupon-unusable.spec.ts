/**
 * A coupon the order cannot use yet, on the checkout of a phone and a desktop (docs/coupons.md#discount):
 * the picker's summary says 「1 张不可用」 and why (never 「暂无优惠券」), and the open list shows that
 * coupon greyed with its own reason.
 */
import { expect, request as http, test } from '@playwright/test';
import { E2E_BASE_URL, OPERATORS } from './env';
import { apiLogin, loginNewShopper } from './login';
import { addAddressByApi, firstSkuId } from './pay';
import { shot } from './shot';

const XRW = { 'X-Requested-With': 'XMLHttpRequest' };

test('a coupon that does not apply yet: 「1 张不可用」 with its reason, not 「暂无优惠券」', async ({ page }, info) => {
  test.setTimeout(120_000);
  const mobile = info.project.name === 'mobile';
  const name = `满万减20 ${mobile ? '手机' : '电脑'}${Date.now() % 100000}`;
  const op = await http.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { 'X-Forwarded-For': mobile ? '198.51.100.97' : '198.51.100.96' } });
  const opToken = await apiLogin(op, mobile ? OPERATORS.couponUnusableMobile : OPERATORS.couponUnusableDesktop);
  const made = await (
    await op.post('/api/v1/admin/coupons', {
      headers: { ...XRW, token: opToken },
      data: { name, kind: 'full_reduction', amountFen: 2000, thresholdFen: 1_000_000, scope: { type: 'all' }, validity: { type: 'days', days: 7 }, total: null, perUserLimit: 1, issue: 'claim' },
    })
  ).json();
  expect(made.resultCode, made.message).toBe(200);
  await op.dispose();

  await loginNewShopper(page);
  await addAddressByApi(page);
  const claimed = await (await page.request.post(`/api/v1/coupons/${made.data.id}/claim`, { headers: XRW })).json();
  expect(claimed.resultCode, claimed.message).toBe(200);

  await page.goto(`/CreateOrder?skuId=${await firstSkuId(page, 10909)}&quantity=1`);
  const picker = page.getByRole('region', { name: '优惠券' });
  // 选择 / 收起: one button, its name changing with the list.
  const toggle = picker.locator('button[aria-expanded]');
  await expect(toggle).toContainText('1 张不可用');
  await expect(picker).not.toContainText('暂无优惠券');
  const why = picker.locator('.coupon-picker-why');
  await expect(why).toBeVisible();
  await expect(why).toContainText(`${name}：`);
  await picker.scrollIntoViewIfNeeded();
  await shot(page, 'coupon-unusable-summary', { fullPage: false });

  await toggle.click();
  const row = picker.locator('label.coupon-option').filter({ hasText: name });
  await expect(row).toHaveClass(/coupon-option-off/);
  await expect(row.getByRole('radio')).toBeDisabled();
  const reason = (await row.locator('.field-error').textContent())!.trim();
  expect(reason.length).toBeGreaterThan(0);
  // The summary's why is the row's reason.
  await toggle.click();
  await expect(why).toHaveText(`${name}：${reason}`);
});
