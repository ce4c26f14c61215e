/** Logging in through the login form with the demo SMS code (shared by the e2e specs). */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** 139 + 8 digits, unique per test run and worker. */
export function newPhone(): string {
  const n = (Date.now() % 1e7) * 10 + Math.floor(Math.random() * 10);
  return `139${String(n).padStart(8, '0').slice(-8)}`;
}

export const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

/**
 * Fills 手机号, presses 获取验证码, reads 演示模式验证码：NNNNNN, types it, ticks the consent box, presses 登录 and waits for
 * the page to reload (the form reloads it after a login: a goto right after the click would be
 * interrupted by that reload).
 */
export async function loginInForm(scope: ReturnType<Page['locator']>, phone: string) {
  // Each shopper is a person on their own network (the server counts SMS codes per client address:
  // 20 an hour), not the whole suite behind 127.0.0.1. Documentation range 203.0.113.0/24.
  await scope.page().setExtraHTTPHeaders({ 'X-Forwarded-For': `203.0.113.${(Number(phone.slice(-3)) % 250) + 1}` });
  const field = scope.getByRole('textbox', { name: '手机号', exact: true });
  const hint = scope.getByText(/演示模式验证码：\d{6}/);
  // Typed once, whenever the field shows (before the form's script has run, it is kept); the button
  // does something only once the form is interactive, as for a shopper.
  await field.fill(phone);
  const send = scope.getByRole('button', { name: '获取验证码' });
  await expect.poll(() => isInteractive(send)).toBe(true);
  await send.click();
  await expect(hint).toBeVisible();
  await expect(field).toHaveValue(phone);
  const code = /(\d{6})/.exec((await hint.textContent()) ?? '')![1];
  await expect(scope.getByRole('button', { name: /\d+ 秒后重发/ })).toBeDisabled();
  await scope.getByRole('textbox', { name: '验证码', exact: true }).fill(code);
  await submitLogin(scope);
}

/** Whether React has hydrated this element (its event props are attached): before that a click does nothing. */
export async function isInteractive(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps$')));
}

/** A new shopper, logged in on /User (the login screen on either device), for a test that starts from there. */
export async function loginNewShopper(page: Page): Promise<string> {
  const phone = newPhone();
  await page.goto('/User');
  await loginInForm(page.locator('main'), phone);
  await expect(page.getByRole('button', { name: '退出登录' }).first()).toBeVisible();
  return phone;
}

/** The consent box under the login form (docs/privacy.md#consent): unticked until the shopper ticks it. */
export const consentBox = (scope: ReturnType<Page['locator']>) => scope.getByRole('checkbox', { name: '我已阅读并同意《用户协议》和《隐私政策》' });

/** Ticks the consent box, presses 登录 and waits for the reload that follows a successful login. */
export async function submitLogin(scope: ReturnType<Page['locator']>) {
  await expect(consentBox(scope)).not.toBeChecked();
  await consentBox(scope).check();
  const reloaded = scope.page().waitForEvent('load');
  await scope.getByRole('button', { name: '登录', exact: true }).click();
  await reloaded;
}


/** Logs a phone in over the API (SMS code, then login with the demo code) and answers its token. */
export async function apiLogin(request: APIRequestContext, phone: string): Promise<string> {
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const sent = await (await request.post('/api/v1/auth/sms-code', { headers, data: { phone } })).json();
  expect(sent.resultCode, sent.message).toBe(200);
  const login = await (await request.post('/api/v1/auth/login', { headers, data: { phone, code: sent.data.devCode, agree: true } })).json();
  expect(login.resultCode, login.message).toBe(200);
  return login.data.token as string;
}

/** The operator logs in through the header's 登录 dialog, from an address of their own. */
export async function logInOperator(page: Page, phone: string, ip: string) {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ip });
  await page.goto('/');
  const header = page.locator('header.site-header');
  await header.getByRole('button', { name: '登录', exact: true }).click();
  await loginInForm(page.getByRole('dialog', { name: '登录' }), phone);
  await expect(header.getByRole('button', { name: '退出登录' })).toBeVisible();
}
