/**
 * 优惠券 as a shopper meets them, on both devices: 领券 on the product page leads to 领券中心; a
 * visitor's 立即领取 asks to log in and, logged in, claims the coupon (已领取); the shopper finds it
 * under 未使用 in 我的优惠券, and redeems a code there. The templates are made through the console's API.
 */
import { expect, request as http, test } from '@playwright/test';
import { E2E_BASE_URL, OPERATORS } from './env';
import { shot } from './shot';
import { apiLogin, loginInForm, newPhone } from './login';


test('领券 → 领券中心 → 立即领取 → 我的优惠券, and a code redeemed there', async ({ page }, info) => {
  test.setTimeout(180_000);
  const mobile = info.project.name === 'mobile';
  const tag = `${info.project.name}-${Date.now() % 100000}`;
  // The operator (its own network) makes a claimable coupon and a coded one.
  const op = await http.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { 'X-Forwarded-For': mobile ? '198.51.100.52' : '198.51.100.51' } });
  const token = await apiLogin(op, mobile ? OPERATORS.couponsMobile : OPERATORS.couponsDesktop);
  const headers = { token, 'X-Requested-With': 'XMLHttpRequest' };
  const base = { kind: 'full_reduction', amountFen: 5000, thresholdFen: 99900, scope: { type: 'all' }, validity: { type: 'days', days: 30 }, total: 100, perUserLimit: 1 };
  const made = await op.post('/api/v1/admin/coupons', { headers, data: { ...base, name: `领券测试 ${tag}`, issue: 'claim' } });
  expect((await made.json()).resultCode).toBe(200);
  const code = `E2E${tag.replace(/\D/g, '')}${mobile ? 'M' : 'D'}`;
  const coded = await op.post('/api/v1/admin/coupons', { headers, data: { ...base, name: `兑换测试 ${tag}`, kind: 'no_threshold', amountFen: 800, thresholdFen: 0, issue: 'code', code } });
  expect((await coded.json()).resultCode).toBe(200);
  await op.dispose();

  await page.goto('/proc/10909');
  await page.getByRole('link', { name: '领券', exact: true }).click();
  await expect(page).toHaveURL(/\/couponCenter$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('领券中心');
  const card = page.getByRole('article', { name: `领券测试 ${tag} 减 ¥50` });
  await expect(card).toContainText('满 ¥999 可用');
  await expect(card).toContainText('领取后 30 天内有效');

  // A visitor is asked to log in, in place; logged in from the dialog, they have the coupon.
  await card.getByRole('button', { name: '立即领取' }).click();
  const dialog = page.getByRole('dialog', { name: '登录' });
  await loginInForm(dialog, newPhone());
  await expect(page.getByText('领取成功，下单时自动选用')).toBeVisible();
  await expect(card).toContainText('已领取');
  await expect(card.getByRole('link', { name: '去使用' })).toBeVisible();
  await shot(page, 'coupon-centre');

  await page.goto(mobile ? '/User' : '/personalCenter/PersonalInfo');
  if (mobile) await page.getByRole('navigation', { name: '账号与服务' }).getByRole('link', { name: '我的优惠券' }).click();
  else await page.getByRole('navigation', { name: '个人中心' }).getByRole('link', { name: '我的优惠券' }).click();
  await expect(page).toHaveURL(mobile ? /\/Coupon$/ : /\/personalCenter\/PersonalCoupon$/);
  await expect(page.getByRole('navigation', { name: '优惠券状态' }).getByRole('link', { name: '未使用' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('article', { name: `领券测试 ${tag} 减 ¥50` })).toBeVisible();

  const redeem = page.getByRole('form', { name: '兑换优惠码' });
  await redeem.getByPlaceholder('请输入优惠码').fill(code.toLowerCase());
  await redeem.getByRole('button', { name: '兑换' }).click();
  await expect(page.getByText('兑换成功，已放入我的优惠券')).toBeVisible();
  await expect(page.getByRole('article', { name: `兑换测试 ${tag} 减 ¥8` })).toContainText('无门槛');
  await shot(page, 'my-coupons');

  await page.getByRole('navigation', { name: '优惠券状态' }).getByRole('link', { name: '已过期' }).click();
  await expect(page.getByText('暂无优惠券')).toBeVisible();
});
