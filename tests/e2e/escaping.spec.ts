/**
 * What a shopper typed comes back as text on every page that shows it: markup in the
 * nickname, the address and the invoice title is shown literally, never parsed, on the shopper's
 * pages and in the operator console. A parsed <img onerror> or <svg onload> would set window.__x;
 * a <script> would too.
 */
import { expect, test, type Page } from '@playwright/test';
import { OPERATORS } from './env';
import { apiLogin, loginInForm, newPhone } from './login';
import { firstSkuId, payOrderInDemo, placeOrder } from './pay';

test.skip(({ isMobile }) => isMobile, 'the pages are the same components on both; the console is desktop only');

const XRW = { 'X-Requested-With': 'XMLHttpRequest' };
const TYPED = {
  nickname: '<svg onload=__x=1>',
  name: '<img src=x onerror=__x=2>',
  detail: '"></p><script>__x=3</script><img src=x onerror=__x=4>望江西路 8 号',
  title: '</script><img src=x onerror=__x=5>量子个人',
};

/** The page shows each text literally, nothing it holds ran, and no element was made of it. */
async function shownAsText(page: Page, path: string, texts: string[]) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  for (const t of texts) await expect(page.getByText(t, { exact: false }).first(), `${path}: ${t}`).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __x?: number }).__x), `${path}: markup ran`).toBeUndefined();
  await expect(page.locator('img[src="x"], svg[onload], img[onerror]')).toHaveCount(0);
}

test('markup in a nickname, an address and an invoice title is shown as text to the shopper and to the operator', async ({ page, browser, baseURL }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });

  await page.goto('/userInfo');
  await loginInForm(page.locator('main'), newPhone());
  const profile = await page.request.put('/api/v1/user/profile', { headers: XRW, data: { nickname: TYPED.nickname } });
  expect((await profile.json()).resultCode).toBe(200);
  const address = await page.request.post('/api/v1/addresses', {
    headers: XRW,
    data: { name: TYPED.name, tel: '13912345678', province: '安徽省', city: '合肥市', county: '蜀山区', areaCode: '340104', addressDetail: TYPED.detail, isDefault: true },
  });
  expect((await address.json()).resultCode).toBe(200);
  const orderNo = await placeOrder(page, await firstSkuId(page, 10909));
  await payOrderInDemo(page, orderNo);
  const invoice = await page.request.post('/api/v1/invoices', {
    headers: XRW,
    data: { orderNo, invoiceType: 'normal', titleType: 'personal', title: TYPED.title, email: 'escape@example.com' },
  });
  const asked = (await invoice.json()) as { resultCode: number; message: string; data: { id: number } };
  expect(asked.resultCode, asked.message).toBe(200);

  await shownAsText(page, '/userInfo', [TYPED.nickname]);
  await shownAsText(page, '/Address', [TYPED.name, TYPED.detail]);
  await shownAsText(page, `/OrderDetail?orderNo=${orderNo}`, [TYPED.name, TYPED.detail]);
  await shownAsText(page, `/InvoiceDetailPC?id=${asked.data.id}`, [TYPED.title]);

  const ops = await browser.newContext();
  try {
    const op = await ops.newPage();
    op.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const token = await apiLogin(op.request, OPERATORS.escaping);
    await ops.addCookies([{ name: 'auth-token', value: token, url: baseURL!, sameSite: 'Strict' }]);
    await op.addInitScript((t) => window.localStorage.setItem('token', t), token);
    await shownAsText(op, `/admin/orders/${orderNo}`, [TYPED.nickname, TYPED.name, TYPED.detail]);
    await shownAsText(op, '/admin/invoices', [TYPED.title]);
  } finally {
    await ops.close();
  }
  expect(dialogs).toEqual([]);
});
