/**
 * Security headers and cookies: the headers on a cached page, a page rendered per request,
 * an API answer and the Alipay pay form; the cookies' attributes; and no Content-Security-Policy
 * violation (console, page errors, `securitypolicyviolation`) on the representative pages — the
 * catalog, help, account, cart, pay selection, the demo gateways' pages, the pay form (which must
 * still submit itself) and the operator console; a shopper's photo, even one that is also HTML, is
 * served sandboxed as an image. docs/decisions/security-headers.md.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { TINY_PNG } from '../support/tiny-png';
import { OPERATORS } from './env';
import { apiLogin, loginNewShopper, newPhone } from './login';

const XRW = { 'X-Requested-With': 'XMLHttpRequest' };

/** The directives of a policy: name → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectCommon(headers: Record<string, string>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['strict-transport-security']).toBeUndefined(); // plain http
}

/** One policy (never two CSP headers), framing refused, no inline script allowed without a nonce or hash. */
function policyOf(headers: Record<string, string>): Map<string, string[]> {
  const raw = headers['content-security-policy'];
  expect(raw, 'a Content-Security-Policy header').toBeTruthy();
  expect(raw).not.toContain(','); // Playwright joins repeated headers with ", "
  const d = directives(raw);
  expect(d.get('frame-ancestors')).toEqual(["'none'"]);
  expect(d.get('script-src') ?? []).not.toContain("'unsafe-inline'");
  expect(d.get('script-src') ?? []).not.toContain("'unsafe-eval'");
  return d;
}

/** Records every CSP complaint of a page: console messages, page errors and violation events. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Content-Security-Policy|Refused to/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const w = window as unknown as { __csp?: string[] };
      (w.__csp ??= []).push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return problems;
}

/** Visits a page, lets it hydrate and settle, and returns what it complained about. */
async function visit(page: Page, problems: string[], url: string): Promise<string[]> {
  problems.length = 0;
  const res = await page.goto(url);
  expect(res?.status() ?? 0, url).toBeLessThan(500);
  await page.waitForLoadState('networkidle');
  const events = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  return [...problems, ...events.map((e) => `event: ${e}`)];
}

/** An order of a service (no address needed) and a payment of it on the given channel. */
async function orderAndPayment(request: APIRequestContext, token: string, channel: string) {
  const product = await (await request.get('/api/v1/products/10920')).json();
  const order = await (
    await request.post('/api/v1/orders', {
      headers: { ...XRW, token },
      data: { items: [{ skuId: product.data.skus[0].id, quantity: 1 }], idempotencyKey: `sec-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    })
  ).json();
  expect(order.resultCode, order.message).toBe(200);
  const pay = await (await request.post('/api/v1/payments', { headers: { ...XRW, token }, data: { orderNo: order.data.orderNo, channel } })).json();
  expect(pay.resultCode, pay.message).toBe(200);
  return { orderNo: order.data.orderNo as string, payment: pay.data as { paymentNo: string; codeUrl?: string; payformUrl?: string } };
}

test.describe('headers', () => {
  test.skip(({ isMobile }) => isMobile, 'headers do not depend on the device');

  test('a cached page: hash policy of its own inline scripts; the common headers; HSTS only over https', async ({ request }) => {
    for (const url of ['/', '/proc/10909', '/helpCenter', '/ProductList?category=services']) {
      const first = await request.get(url);
      const again = await request.get(url); // from the cache
      for (const res of [first, again]) {
        const headers = res.headers();
        expectCommon(headers);
        const d = policyOf(headers);
        const scripts = d.get('script-src')!;
        expect(scripts[0]).toBe("'self'");
        expect(scripts.some((s) => s.startsWith("'sha256-"))).toBe(true);
        expect(scripts.some((s) => s.startsWith("'nonce-"))).toBe(false);
        expect(d.get('default-src')).toEqual(["'self'"]);
        expect(d.get('object-src')).toEqual(["'none'"]);
        expect(d.get('base-uri')).toEqual(["'self'"]);
        expect(d.get('form-action')).toEqual(["'self'"]);
        expect(d.get('img-src')).toEqual(["'self'", 'data:']);
        expect(d.get('connect-src')).toEqual(["'self'"]);
      }
      expect(first.headers()['content-security-policy']).toBe(again.headers()['content-security-policy']);
    }
    const https = await request.get('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers()['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
  });

  test('a page rendered per request: a fresh nonce, on the policy and on every script Next writes', async ({ request }) => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      // A search with a price range renders per request (a plain search is a cached page now: docs/routes.md#rendering).
      const res = await request.get('/ProductList?q=耳机&minPrice=100');
      expect(res.headers()['x-nextjs-cache'], 'rendered per request').toBeUndefined();
      expectCommon(res.headers());
      const scripts = policyOf(res.headers()).get('script-src')!;
      expect(scripts).toContain("'strict-dynamic'");
      const nonce = /^'nonce-(.+)'$/.exec(scripts.find((s) => s.startsWith("'nonce-"))!)![1];
      nonces.push(nonce);
      const html = await res.text();
      const tags = html.match(/<script\b[^>]*>/g) ?? [];
      const runnable = tags.filter((t) => !/type="application\/ld\+json"/.test(t));
      expect(runnable.length).toBeGreaterThan(0);
      for (const tag of runnable) expect(tag, tag).toContain(`nonce="${nonce}"`);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test('API answers and files: the no-content policy and the common headers', async ({ request }) => {
    for (const url of ['/api/v1/health', '/api/v1/products?page=1', '/robots.txt', '/images/logo.svg']) {
      const res = await request.get(url);
      expect(res.status(), url).toBe(200);
      expectCommon(res.headers());
      const d = policyOf(res.headers());
      expect(d.get('default-src'), url).toEqual(["'none'"]);
    }
  });

  test('a shopper\'s photo that is also HTML: the sandboxed no-content policy, nosniff, its image type, inline as an image file; it never runs as a page', async ({ request, page, baseURL }) => {
    const token = await apiLogin(request, newPhone());
    const polyglot = Buffer.concat([TINY_PNG, Buffer.from('<html><body><script>alert("xss")</script><h1>钓鱼页面</h1></body></html>')]);
    const sent = await (
      await request.post('/api/v1/uploads', { headers: { ...XRW, token }, multipart: { file: { name: 'photo.html', mimeType: 'text/html', buffer: polyglot } } })
    ).json();
    expect(sent.resultCode, sent.message).toBe(200);
    const res = await request.get(sent.data.url, { headers: { token } });
    expect(res.status()).toBe(200);
    expectCommon(res.headers());
    const d = policyOf(res.headers());
    expect(d.get('default-src')).toEqual(["'none'"]);
    expect(d.has('sandbox')).toBe(true);
    expect(res.headers()['content-type']).toBe('image/png');
    expect(res.headers()['content-disposition']).toBe(`inline; filename="photo-${sent.data.id}.png"`);
    // Stored re-encoded: the image is kept, the page behind it is not.
    const served = Buffer.from(await res.body());
    expect(served.subarray(0, 8).equals(TINY_PNG.subarray(0, 8))).toBe(true);
    expect(served.includes(Buffer.from('<script>'))).toBe(false);
    // The rest of the API keeps its policy, sandbox or not.
    const api = await request.get('/api/v1/health');
    expect(directives(api.headers()['content-security-policy']).has('sandbox')).toBe(false);
    expect(directives(api.headers()['content-security-policy']).get('default-src')).toEqual(["'none'"]);

    // Opened in the browser: shown as an image, its script never runs.
    const dialogs: string[] = [];
    page.on('dialog', (dlg) => {
      dialogs.push(dlg.message());
      void dlg.dismiss();
    });
    await page.context().addCookies([{ name: 'auth-token', value: token, url: baseURL! }]);
    const shown = await page.goto(sent.data.url);
    expect(shown!.headers()['content-type']).toBe('image/png');
    await expect(page.getByText('钓鱼页面')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('the Alipay pay form: exactly its auto-submit script (by hash), form-action the gateway', async ({ request, baseURL }) => {
    const token = await apiLogin(request, newPhone());
    const { payment } = await orderAndPayment(request, token, 'alipay_page');
    const res = await request.get(payment.payformUrl!, { headers: { cookie: `auth-token=${token}` } });
    expect(res.status()).toBe(200);
    expectCommon(res.headers());
    const d = policyOf(res.headers());
    const html = await res.text();
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1];
    const { createHash } = await import('node:crypto');
    expect(d.get('script-src')).toEqual([`'sha256-${createHash('sha256').update(script).digest('base64')}'`]);
    expect(d.get('default-src')).toEqual(["'none'"]);
    expect(d.get('form-action')).toContain(new URL(baseURL!).origin); // the demo gateway is on the shop's origin
    // An error page of the same route (someone else's payment): still its own policy, no script at all.
    const other = await request.get(payment.payformUrl!);
    expect(other.status()).toBe(401);
    expect(directives(other.headers()['content-security-policy']).get('script-src')).toBeUndefined();
  });

  test('cookies: cart-id is HttpOnly; auth-token is SameSite=Strict, path /, 7 days, readable by the client', async ({ page, request }) => {
    const product = await (await request.get('/api/v1/products/10909')).json();
    const add = await request.post('/api/v1/cart/items', { headers: XRW, data: { skuId: product.data.skus[0].id, quantity: 1 } });
    expect(add.headers()['set-cookie']).toMatch(/^cart-id=[^;]+; Path=\/; Max-Age=\d+; SameSite=Lax; HttpOnly$/);

    await loginNewShopper(page);
    const auth = (await page.context().cookies()).find((c) => c.name === 'auth-token')!;
    expect(auth).toMatchObject({ path: '/', sameSite: 'Strict', httpOnly: false, secure: false });
    const days = (auth.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7.01);
  });
});

test.describe('no CSP violation', () => {
  test('catalog, help, account and cart pages (logged out)', async ({ page }) => {
    const problems = watch(page);
    for (const url of ['/', '/proc/10909', '/ProductList', '/ProductList?category=services', '/helpCenter', '/User', '/Cart', '/quantumMail', '/no-such-page']) {
      expect(await visit(page, problems, url), url).toEqual([]);
    }
    // Client-side navigation from a cached page to one rendered per request keeps working.
    await visit(page, problems, '/');
    await page.locator('main a[href^="/ProductList"]:visible').first().click();
    await page.waitForURL(/\/ProductList/);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  test('logged in: the account, the pay selection, the demo gateways and the Alipay pay form', async ({ page }) => {
    const problems = watch(page);
    await loginNewShopper(page);
    const token = (await page.context().cookies()).find((c) => c.name === 'auth-token')!.value;
    expect(await visit(page, problems, '/User'), '/User').toEqual([]);

    const wechat = await orderAndPayment(page.request, token, 'wechat_native');
    for (const url of [`/PaySelectPC?orderNo=${wechat.orderNo}`, `/Order`, new URL(wechat.payment.codeUrl!).pathname]) {
      expect(await visit(page, problems, url), url).toEqual([]);
    }

    // The pay form submits itself to the (demo) gateway, which shows its cashier.
    const alipay = await orderAndPayment(page.request, token, 'alipay_page');
    problems.length = 0;
    await page.goto(alipay.payment.payformUrl!);
    await page.waitForURL(/\/sandbox\/alipay\/cashier\//);
    await page.waitForLoadState('networkidle');
    const events = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    expect([...problems, ...events], 'pay form → cashier').toEqual([]);
    await expect(page.getByRole('button', { name: '确认付款' })).toBeVisible();
  });

  test('the operator console', async ({ page, baseURL }, info) => {
    test.skip(info.project.name !== 'desktop', 'one operator login (SMS limits per phone)');
    const problems = watch(page);
    const token = await apiLogin(page.request, OPERATORS.csp);
    await page.context().addCookies([{ name: 'auth-token', value: token, url: baseURL!, sameSite: 'Strict' }]);
    await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
    for (const url of ['/admin', '/admin/orders', '/admin/products']) {
      expect(await visit(page, problems, url), url).toEqual([]);
      await expect(page.locator('main')).toBeVisible();
    }
  });
});
