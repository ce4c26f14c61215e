/**
 * 在线客服 (docs/support.md) in the browser: a shopper asks from a product page (the desktop's 联系客服,
 * the phone's 客服 in the bottom bar), an operator answers in the console's 客服, and the answer appears
 * on the shopper's page without reloading it (server-sent events). On PostgreSQL, the same across two
 * instances sharing Redis: an answer given through one reaches a stream held by the other within a second,
 * and that stream ends when the shopper logs out.
 */
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { createScratchDatabase } from '../../scripts/scratch-database.mjs';
import { startShop, waitForHealth } from '../../scripts/shop-server.mjs';
import { UA } from '../support/user-agents';
import { E2E_PORT, OPERATORS } from './env';
import { loginInForm, loginNewShopper, masked, newPhone } from './login';
import { shot } from './shot';

/** 量盾 量子加密头戴耳机 200: a product page every device shows. */
const PRODUCT = 10913;

test('a shopper asks from a product page, the operator answers in the console, the shopper sees it without reloading', async ({ page, browser, isMobile }) => {
  test.setTimeout(180_000);
  const question = `这款耳机支持降噪吗？${Date.now() % 100_000}`;
  const reply = `支持主动降噪，续航 30 小时。${Date.now() % 100_000}`;

  const phone = await loginNewShopper(page);
  await page.goto(`/proc/${PRODUCT}`);
  if (isMobile) await page.locator('.buy-bar').getByRole('link', { name: '客服' }).click();
  else await page.getByRole('link', { name: '联系客服' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/Support\\?productId=${PRODUCT}$`));
  const chat = page.getByRole('region', { name: '在线客服' });
  await expect(chat).toContainText('量子加密头戴耳机');
  await chat.getByPlaceholder('请输入您的问题').fill(question);
  await chat.getByRole('button', { name: '发送', exact: true }).click();
  const lines = chat.getByRole('list', { name: '会话记录' });
  await expect(lines).toContainText(question);
  // A reload would drop this mark: the answer must arrive on the page as it is.
  await page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));

  // The operator, on a desktop of their own, answers in the console.
  const desk = await browser.newContext({ viewport: { width: 1366, height: 900 }, userAgent: UA.windowsChrome, isMobile: false, hasTouch: false, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  try {
    const op = await desk.newPage();
    await op.goto('/');
    const header = op.locator('header.site-header');
    await header.getByRole('button', { name: '登录', exact: true }).click();
    await loginInForm(op.getByRole('dialog', { name: '登录' }), isMobile ? OPERATORS.supportMobile : OPERATORS.supportDesktop);
    await expect(header.getByRole('button', { name: '退出登录' })).toBeVisible();
    await op.goto('/admin');
    await expect(op.locator('.admin-card', { hasText: '客服待接入' })).toBeVisible();
    await op.getByRole('navigation', { name: '运营后台' }).getByRole('link', { name: '客服' }).click();
    await expect(op.getByRole('heading', { name: '客服', level: 1 })).toBeVisible();
    await op.getByRole('region', { name: '会话列表' }).getByRole('link', { name: new RegExp(masked(phone).replace(/\*/g, '\\*')) }).click();
    const convo = op.getByRole('region', { name: `与 ${masked(phone)} 的会话` });
    await expect(convo).toContainText(question);
    await expect(convo.getByRole('link', { name: /量子加密头戴耳机/ })).toHaveAttribute('href', `/admin/products/${PRODUCT}`);
    await expect(op.getByRole('complementary', { name: '顾客最近的订单' })).toContainText('该顾客还没有订单');
    await convo.getByRole('button', { name: '接入' }).click();
    await expect(op.getByText('已接入').first()).toBeVisible();
    await convo.getByRole('textbox', { name: /^回复/ }).fill(reply);
    await convo.getByRole('button', { name: '发送', exact: true }).click();
    await expect(convo).toContainText(reply);
    if (!isMobile) await shot(op, 'support-console-desktop');

    // The shopper's page shows it without reloading, within moments.
    await expect(lines).toContainText(reply, { timeout: 5_000 });
    expect(await page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(1);
    await shot(page, `support-shopper-${isMobile ? 'mobile' : 'desktop'}`);
  } finally {
    await desk.close();
  }
});

test.describe('across instances', () => {
  test.skip(process.env.E2E_DB !== 'postgres', 'two processes share a PostgreSQL database only');
  test.skip(({ isMobile }) => isMobile, 'the server is the same for every device');
  test.describe.configure({ timeout: 180_000 });

  const PORTS = [E2E_PORT + 21, E2E_PORT + 22];

  test('an answer through one instance reaches a stream on the other within a second; logging out ends it', async () => {
    const db = await createScratchDatabase('shop_support');
    const env = { ...process.env, NODE_ENV: 'production', SHOP_MODE: 'demo', NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'warn', DATABASE_URL: db.url, TRUST_PROXY: '', REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379', SUPPORT_SESSION_CHECK_MS: '500' };
    const servers: ReturnType<typeof startShop>[] = [];
    const client = new pg.Client({ connectionString: db.url });
    try {
      for (const port of PORTS) {
        const server = startShop({ port, env, stdio: 'ignore' });
        servers.push(server);
        await waitForHealth(`http://127.0.0.1:${port}`, server);
      }
      const base = (i: number) => `http://127.0.0.1:${PORTS[i]}/api/v1`;
      const call = async <T>(i: number, path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> => {
        const res = await fetch(`${base(i)}${path}`, {
          method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(init.token ? { token: init.token } : {}) },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
        const env = (await res.json()) as { resultCode: number; message: string; data: T };
        expect(env.resultCode, `${path}: ${env.message}`).toBe(200);
        return env.data;
      };
      const login = async (i: number, phone: string) => {
        const sent = await call<{ devCode: string }>(i, '/auth/sms-code', { body: { phone } });
        return (await call<{ token: string }>(i, '/auth/login', { body: { phone, code: sent.devCode, agree: true } })).token;
      };
      const shopper = await login(0, newPhone());
      const operatorPhone = newPhone();
      const operator = await login(1, operatorPhone);
      await client.connect();
      await client.query(`update users set role = 'operator' where phone = $1`, [operatorPhone]);

      const { id } = await call<{ id: number }>(0, '/support/conversations', { token: shopper, body: { text: '跨实例测试：在吗？' } });
      const stream = await fetch(`${base(0)}/support/conversations/${id}/stream`, { headers: { token: shopper } });
      expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/);
      expect(stream.headers.get('x-accel-buffering')).toBe('no');
      const reader = stream.body!.getReader();
      let text = '';
      const until = async (needle: string, ms: number) => {
        const deadline = Date.now() + ms;
        while (!text.includes(needle) && Date.now() < deadline) {
          const r = await Promise.race([reader.read(), new Promise<null>((ok) => setTimeout(() => ok(null), Math.max(1, deadline - Date.now())))]);
          if (!r || r.done) break;
          text += new TextDecoder().decode(r.value);
        }
        return text.includes(needle);
      };
      expect(await until('跨实例测试：在吗？', 5_000)).toBe(true);

      const answer = `在的，这是另一台实例的回复 ${Date.now()}`;
      const sentAt = Date.now();
      await call(1, `/admin/support/conversations/${id}/messages`, { token: operator, body: { text: answer } });
      expect(await until(answer, 1_000)).toBe(true);
      expect(Date.now() - sentAt).toBeLessThan(1_000);

      // Logging out through the other instance ends the stream.
      await call(1, '/auth/logout', { token: shopper, body: {} });
      expect(await until('event: end', 5_000)).toBe(true);
      await reader.cancel().catch(() => {});
    } finally {
      await client.end().catch(() => {});
      for (const server of servers) server.kill('SIGTERM');
      await Promise.all(servers.map((server) => server.exited));
      await db.drop();
    }
  });
});
