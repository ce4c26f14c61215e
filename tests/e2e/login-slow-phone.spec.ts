/**
 * On a slow phone the login page shows its form well before the form's script has run. A shopper who
 * types the number and ticks the consent box in that time keeps both: 获取验证码 sends a code to that
 * number (not 请填写正确的手机号 over an emptied field) and 登录 goes through without ticking again.
 */
import { expect, test } from '@playwright/test';
import { consentBox, isInteractive, masked, newPhone } from './login';

test('a phone number typed before the page is interactive is kept, and a code is sent to it', async ({ page }, info) => {
  test.skip(info.project.name !== 'mobile', 'a slow phone');
  const phone = newPhone();
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `203.0.113.${(Number(phone.slice(-3)) % 250) + 1}` });
  // A phone four times slower than this machine, and a network that has not brought the scripts yet
  // when the shopper starts typing: they arrive once the typing is done.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let arrive!: () => void;
  const scriptsArrive = new Promise<void>((resolve) => (arrive = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/_next/static/') && url.pathname.endsWith('.js'),
    async (route) => {
      await scriptsArrive;
      await route.continue();
    },
  );

  await page.goto('/User', { waitUntil: 'commit' });
  const form = page.locator('main');
  const field = form.getByRole('textbox', { name: '手机号', exact: true });
  await field.pressSequentially(phone, { delay: 30 });
  await consentBox(form).check();
  expect(await isInteractive(field), 'typed before the form was interactive').toBe(false);

  arrive();
  const send = form.getByRole('button', { name: '获取验证码' });
  await expect.poll(() => isInteractive(send), { timeout: 30_000 }).toBe(true);
  await send.click();
  const hint = form.getByText(/演示模式验证码：\d{6}/);
  await expect(hint).toBeVisible();
  await expect(form.getByText('请填写正确的手机号')).toHaveCount(0);
  await expect(field).toHaveValue(phone);
  await expect(consentBox(form)).toBeChecked();

  await form.getByRole('textbox', { name: '验证码', exact: true }).fill(/(\d{6})/.exec((await hint.textContent()) ?? '')![1]);
  const reloaded = page.waitForEvent('load');
  await form.getByRole('button', { name: '登录', exact: true }).click();
  await reloaded;
  await expect(page.getByRole('button', { name: '退出登录' }).first()).toBeVisible();
  await expect(page.getByText(masked(phone)).first()).toBeVisible();
});
