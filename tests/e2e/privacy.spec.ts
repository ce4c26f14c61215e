/**
 * Trust and law on both devices (docs/privacy.md): the footer's 用户协议 / 隐私政策 links and the ICP
 * 备案号 (the e2e server runs with ICP_BEIAN = E2E_ICP_BEIAN, set by playwright.config.ts; the build
 * had none, so seeing it on a static page proves the run-time value), the login form's consent box
 * that must be ticked, and 注销账号 from the settings screen to a fresh account on the same phone.
 * E2E_SHOTS_DIR, when set, receives a screenshot of each screen.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SMS_RESEND_S } from '../../lib/domain/sms-codes';
import { E2E_ICP_BEIAN } from './env';
import { consentBox, masked, newPhone, submitLogin } from './login';
import { addAddressByApi, firstSkuId, placeOrder } from './pay';
import { shot } from './shot';

const XRW = { 'X-Requested-With': 'XMLHttpRequest' };

/** axe: no serious or critical violation on the page as it is now. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.nodes[0]?.target.join(' ')}`);
  expect(bad, bad.join('\n')).toEqual([]);
}

/** The login form of the device: the header's dialog on a desktop, /User on a phone. */
async function openLogin(page: Page, isMobile: boolean): Promise<Locator> {
  if (isMobile) {
    await page.goto('/User');
    return page.locator('main');
  }
  await page.goto('/');
  await page.locator('header.site-header').getByRole('button', { name: '登录', exact: true }).click();
  return page.getByRole('dialog', { name: '登录' });
}

/** Fills the phone, asks for a code and types it; answers when the code was sent. */
async function typeCode(form: Locator, phone: string): Promise<number> {
  await form.page().setExtraHTTPHeaders({ 'X-Forwarded-For': `203.0.113.${(Number(phone.slice(-3)) % 250) + 1}` });
  await form.getByRole('textbox', { name: '手机号', exact: true }).fill(phone);
  await form.getByRole('button', { name: '获取验证码' }).click();
  const sentAt = Date.now();
  const hint = form.getByText(/演示模式验证码：\d{6}/);
  await expect(hint).toBeVisible();
  await form.getByRole('textbox', { name: '验证码', exact: true }).fill(/(\d{6})/.exec((await hint.textContent()) ?? '')![1]);
  return sentAt;
}

/** Waits out the resend wait of a code sent at `sentAt` (one phone gets one code of a purpose a minute). */
async function afterResendWait(page: Page, sentAt: number) {
  const left = sentAt + (SMS_RESEND_S + 2) * 1000 - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}

test('the footer links open 用户协议 and 隐私政策, and shows the ICP 备案号 of the running server', async ({ page }) => {
  await page.goto('/About');
  const footer = page.locator('footer.site-footer');
  const icp = footer.getByRole('link', { name: E2E_ICP_BEIAN });
  await icp.scrollIntoViewIfNeeded();
  await expect(icp).toBeVisible();
  await expect(icp).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
  await shot(page, 'footer', { fullPage: false });

  await footer.getByRole('link', { name: '用户协议', exact: true }).click();
  await expect(page).toHaveURL(/\/userAgreement$/);
  await expect(page.getByRole('heading', { level: 1, name: '量盾商城用户协议' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '十二、注销账号' })).toBeAttached();
  await expect(page.getByRole('navigation', { name: '面包屑导航' })).toContainText('用户协议');
  // A client-side navigation sets the title after the page shows: axe reads it only once it is there.
  await expect(page).toHaveTitle('用户协议 - 量盾商城');
  await shot(page, 'user-agreement', { fullPage: false });
  await expectAccessible(page);

  await page.locator('footer.site-footer').getByRole('link', { name: '隐私政策', exact: true }).click();
  await expect(page).toHaveURL(/\/privacyPolicy$/);
  await expect(page.getByRole('heading', { level: 1, name: '量盾商城隐私政策' })).toBeVisible();
  const rights = page.getByRole('heading', { name: '五、您的权利' });
  await rights.scrollIntoViewIfNeeded();
  await expect(rights).toBeVisible();
  await expect(page.getByRole('table', { name: '保存期限' })).toContainText('《电子商务法》第三十一条');
  await expect(page).toHaveTitle('隐私政策 - 量盾商城');
  await shot(page, 'privacy-policy', { fullPage: false });
  await expectAccessible(page);
});

test('登录 is refused until the consent box is ticked; its links open the two pages', async ({ page, isMobile }) => {
  const form = await openLogin(page, isMobile);
  const box = consentBox(form);
  await expect(box).toBeVisible();
  await expect(box).not.toBeChecked();
  await expect(form.getByRole('link', { name: '《用户协议》' })).toHaveAttribute('href', '/userAgreement');
  await expect(form.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '/privacyPolicy');

  const phone = newPhone();
  await typeCode(form, phone);
  await form.getByRole('button', { name: '登录', exact: true }).click();
  await expect(form.getByText('请先阅读并勾选同意《用户协议》和《隐私政策》')).toBeVisible();
  await expect(box).toBeFocused();
  await shot(page, 'login-consent-refused', { fullPage: false });
  await expectAccessible(page);
  // Nothing was sent: still logged out, and the same code logs in once the box is ticked.
  expect((await page.context().cookies()).find((c) => c.name === 'auth-token')).toBeUndefined();
  await submitLogin(form);
  if (isMobile) await expect(page.locator('main').getByText(`手机号 ${masked(phone)}`)).toBeVisible();
  else await expect(page.locator('header.site-header').getByRole('link', { name: masked(phone) })).toBeVisible();
});

test('注销账号: refused while an order is unpaid, then erased with an SMS code; the phone logs in as a new account', async ({ page, isMobile }) => {
  test.setTimeout(240_000);
  const phone = newPhone();
  const form = await openLogin(page, isMobile);
  const loginSentAt = await typeCode(form, phone);
  await submitLogin(form);

  await expect((await page.request.put('/api/v1/user/profile', { headers: XRW, data: { nickname: '旧账号小量', email: '' } })).status()).toBe(200);
  await addAddressByApi(page);
  const orderNo = await placeOrder(page, await firstSkuId(page, 10909));

  const settings = isMobile ? '/Setting' : '/personalCenter/PersonalInfo';
  await page.goto(settings);
  const section = page.getByRole('group', { name: '注销账号' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByText('注销后账号不能恢复')).toBeVisible();
  await section.getByRole('button', { name: '注销账号' }).click();
  await expect(section.getByText(`验证码将发送到 ${masked(phone)}`)).toBeVisible();
  await section.getByRole('button', { name: '获取验证码' }).click();
  await expect(section.getByText('您有待付款的订单，请先支付或取消后再注销账号')).toBeVisible();
  await shot(page, 'deregister-refused', { fullPage: false });

  // The order is cancelled; the code goes at once: the login code sent a moment ago has its own
  // resend wait (docs/rules.md#sms-codes), it does not hold up a code for 注销账号.
  expect(((await (await page.request.post(`/api/v1/orders/${orderNo}/cancel`, { headers: XRW, data: { reason: '不想要了' } })).json()) as { resultCode: number }).resultCode).toBe(200);
  await section.getByRole('button', { name: '获取验证码' }).click();
  await expect(section.getByText(/秒后再获取验证码/)).toHaveCount(0);
  const hint = section.getByText(/演示模式验证码：\d{6}/);
  await expect(hint).toBeVisible();
  await section.getByRole('textbox', { name: '验证码', exact: true }).fill(/(\d{6})/.exec((await hint.textContent()) ?? '')![1]);
  await shot(page, 'deregister-confirm', { fullPage: false });
  await section.getByRole('button', { name: '确认注销' }).click();
  // Home, logged out, and a toast that says what happened.
  await page.waitForURL((u) => u.pathname === '/');
  await expect(page.getByText(/^账号已注销：个人资料、收货地址、发票抬头和购物车已删除/)).toBeVisible();
  if (!isMobile) await expect(page.locator('header.site-header').getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await shot(page, 'deregister-done', { fullPage: false });
  // The old session is gone: the API refuses the browser's cookie, if any is left.
  expect(((await (await page.request.get('/api/v1/user/profile', { headers: XRW })).json()) as { resultCode: number }).resultCode).toBe(416);

  // The same phone logs in again: a new account, without the old nickname or orders (its new login
  // code waits out the minute of the first login code, not of the deregistration code).
  await afterResendWait(page, loginSentAt);
  const again = await openLogin(page, isMobile);
  await typeCode(again, phone);
  await submitLogin(again);
  const profile = (await (await page.request.get('/api/v1/user/profile', { headers: XRW })).json()) as { data: { nickname: string | null; phone: string } };
  expect(profile.data).toMatchObject({ nickname: null, phone: masked(phone) });
  const list = (await (await page.request.get('/api/v1/orders', { headers: XRW })).json()) as { data: { total: number } };
  expect(list.data.total).toBe(0);
  if (isMobile) await expect(page.locator('main').getByText('未设置昵称')).toBeVisible();
});
