/**
 * Logging in with the demo code, staying logged in across a reload, logging out, and a
 * revoked token on the next API call (→ toast, home page, logged out). Desktop uses the header's
 * login dialog; mobile uses /User. Every test takes its own phone (the 60 s resend limit).
 */
import { expect, test, type Page } from '@playwright/test';
import { AUTH_COOKIE, AUTH_STORAGE_KEY } from '../../lib/web/sessions';
import { apiLogin, consentBox, loginInForm, masked, newPhone } from './login';

async function storedToken(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === AUTH_COOKIE)?.value ?? null;
  const local = await page.evaluate((k) => window.localStorage.getItem(k), AUTH_STORAGE_KEY);
  return { cookie, local };
}

/**
 * Records the text of every toast that reaches the DOM (react-hot-toast renders role=status), on
 * every page of the test: the 416 toast is raised just before the client sends the browser home.
 */
async function recordToasts(page: Page): Promise<string[]> {
  const toasts: string[] = [];
  await page.exposeFunction('__recordToast', (text: string) => void toasts.push(text));
  await page.addInitScript(() => {
    const seen = new WeakSet<Node>();
    const scan = () =>
      document.querySelectorAll('[role="status"]').forEach((el) => {
        if (seen.has(el) || !el.textContent) return;
        seen.add(el);
        (window as unknown as { __recordToast: (t: string) => void }).__recordToast(el.textContent);
      });
    new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return toasts;
}

test.describe('desktop: the header login dialog', () => {
  test.skip(({ isMobile }) => isMobile, 'the header account corner is desktop-only');

  test('log in with the demo code, stay logged in across a reload, log out', async ({ page }) => {
    const phone = newPhone();
    await page.goto('/');
    const header = page.locator('header.site-header');
    await header.getByRole('button', { name: '登录', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '登录' });
    await expect(dialog).toBeVisible();
    await loginInForm(dialog, phone);

    // the page reloads; the header shows the user (masked phone: no nickname yet) and 退出登录
    await expect(header.getByRole('link', { name: masked(phone) })).toBeVisible();
    await expect(header.getByRole('button', { name: '退出登录' })).toBeVisible();
    await expect(header.getByRole('button', { name: '登录', exact: true })).toHaveCount(0);
    const t = await storedToken(page);
    expect(t.cookie).toBeTruthy();
    expect(t.local).toBe(t.cookie);
    const cookie = (await page.context().cookies()).find((c) => c.name === AUTH_COOKIE)!;
    expect(cookie.path).toBe('/');
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(604_800 - 120);

    await page.reload();
    await expect(header.getByRole('link', { name: masked(phone) })).toBeVisible();
    expect((await storedToken(page)).local).toBe(t.local);

    await header.getByRole('button', { name: '退出登录' }).click();
    await expect(header.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await storedToken(page)).toEqual({ cookie: null, local: null });

    // the old token is revoked on the server
    const res = await page.request.get('/api/v1/user/profile', { headers: { token: t.local! } });
    expect(res.status()).toBe(401);
    expect(((await res.json()) as { resultCode: number }).resultCode).toBe(416);
  });

  test('a wrong code shows the server message as a toast and stays logged out', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header.site-header');
    await header.getByRole('button', { name: '登录', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '登录' });
    await dialog.getByRole('textbox', { name: '手机号', exact: true }).fill(newPhone());
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    const hint = dialog.getByText(/演示模式验证码：\d{6}/);
    await expect(hint).toBeVisible();
    const code = /(\d{6})/.exec((await hint.textContent()) ?? '')![1];
    await dialog.getByRole('textbox', { name: '验证码', exact: true }).fill(code === '000000' ? '111111' : '000000');
    await consentBox(dialog).check();
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText(/验证码错误，还可尝试 4 次/)).toBeVisible();
    expect(await storedToken(page)).toEqual({ cookie: null, local: null });
  });
});

test.describe('mobile: /User', () => {
  test.skip(({ isMobile }) => !isMobile, 'the 我的 screen is the mobile account page');

  test('shows the login form; log in; the personal menu appears; a reload stays logged in', async ({ page }) => {
    const phone = newPhone();
    await page.goto('/User');
    const form = page.locator('main');
    await expect(page.getByRole('heading', { name: '请先登录' })).toBeVisible();
    await expect(form.getByRole('button', { name: '退出登录' })).toHaveCount(0);
    await loginInForm(form, phone);

    await expect(page.getByRole('heading', { name: '请先登录' })).toHaveCount(0);
    await expect(form.getByText(`手机号 ${masked(phone)}`)).toBeVisible();
    const menu = page.getByRole('navigation', { name: '账号与服务' });
    await expect(menu.getByRole('link', { name: '个人信息' })).toBeVisible();
    // The orders are the card above the menu: 全部订单 and a shortcut per state.
    await expect(page.getByRole('region', { name: '我的订单' }).getByRole('link', { name: '全部订单 ›' })).toBeVisible();
    await expect(form.getByRole('button', { name: '退出登录' })).toBeVisible();

    await page.reload();
    await expect(form.getByText(`手机号 ${masked(phone)}`)).toBeVisible();
    await expect(menu.getByRole('link', { name: '个人信息' })).toBeVisible();

    await form.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await storedToken(page)).toEqual({ cookie: null, local: null });
    await page.goto('/User');
    await expect(page.getByRole('heading', { name: '请先登录' })).toBeVisible();
  });
});

test('a revoked token on the next API call → toast, the home page, logged out', async ({ page, baseURL }) => {
  const phone = newPhone();
  const toasts = await recordToasts(page);
  await page.goto('/');
  const token = await apiLogin(page.request, phone);
  const host = new URL(baseURL!).hostname;
  await page.context().addCookies([{ name: AUTH_COOKIE, value: token, domain: host, path: '/', sameSite: 'Strict' }]);
  await page.evaluate(([k, v]) => window.localStorage.setItem(k, v), [AUTH_STORAGE_KEY, token] as const);

  // The header asks for the profile once hydrated; let that call answer first, so the one that meets
  // the revoked token is the save below (otherwise the header's call logs out and the form is gone).
  // Waited for by name: on busy cores hydration can come later than any quiet-network moment.
  const headerProfile = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/user/profile' && r.request().method() === 'GET');
  await page.goto('/personalCenter/PersonalInfo');
  const profileForm = page.getByRole('form', { name: '编辑个人信息' });
  const nickname = profileForm.getByRole('textbox', { name: '昵称', exact: true });
  await expect(nickname).toBeVisible();
  expect((await headerProfile).status()).toBe(200);
  await page.waitForLoadState('networkidle');

  // Revoke the session behind the browser's back (another device logging out, an operator...).
  const out = await page.request.post('/api/v1/auth/logout', { headers: { token, 'x-requested-with': 'XMLHttpRequest' } });
  expect(out.status()).toBe(200);

  await nickname.fill('小明');
  await profileForm.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => toasts).toContain('登录已过期，请重新登录');
  expect(await storedToken(page)).toEqual({ cookie: null, local: null });
  await expect.poll(async () => (await storedToken(page)).local).toBeNull();
  if (!test.info().project.name.includes('mobile')) {
    await expect(page.locator('header.site-header').getByRole('button', { name: '登录', exact: true })).toBeVisible();
  }
});
