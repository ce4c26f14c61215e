/**
 * A coupon from claim to invoice, on both devices: the shopper claims two in 领券中心; the checkout
 * picks the better one by itself, another or none may be chosen; the order is paid with the discount,
 * which the order and the issued invoice's PDF show; another order that used the other coupon is
 * cancelled and that coupon is back under 未使用.
 */
import { expect, request as http, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { E2E_BASE_URL, OPERATORS } from './env';
import { shot } from './shot';
import { apiLogin, loginInForm, newPhone } from './login';
import { addAddressByApi, firstSkuId, payOrderInDemo } from './pay';

const XRW = { 'X-Requested-With': 'XMLHttpRequest' };

test('claim two, check out with the better one chosen, pay, see it on the order and the invoice; a cancelled order gives its coupon back', async ({ page }, info) => {
  test.setTimeout(240_000);
  const mobile = info.project.name === 'mobile';
  const tag = `${mobile ? '手机' : '电脑'}${Date.now() % 100000}`;
  const op = await http.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { 'X-Forwarded-For': mobile ? '198.51.100.62' : '198.51.100.61' } });
  const opToken = await apiLogin(op, mobile ? OPERATORS.checkoutCouponsMobile : OPERATORS.checkoutCouponsDesktop);
  const opHeaders = { ...XRW, token: opToken };
  const base = { scope: { type: 'all' }, validity: { type: 'days', days: 30 }, total: null, perUserLimit: 1, issue: 'claim' };
  for (const t of [
    { ...base, name: `满199减20 ${tag}`, kind: 'full_reduction', amountFen: 2000, thresholdFen: 19_900 },
    { ...base, name: `无门槛5元 ${tag}`, kind: 'no_threshold', amountFen: 500 },
  ]) {
    const res = await op.post('/api/v1/admin/coupons', { headers: opHeaders, data: t });
    expect((await res.json()).resultCode).toBe(200);
  }

  // The shopper logs in and claims both in the coupon centre.
  await page.goto(mobile ? '/User' : '/');
  if (mobile) await loginInForm(page.locator('main'), newPhone());
  else {
    await page.locator('header.site-header').getByRole('button', { name: '登录', exact: true }).click();
    await loginInForm(page.getByRole('dialog', { name: '登录' }), newPhone());
  }
  await page.goto('/couponCenter');
  for (const name of [`满199减20 ${tag} 减 ¥20`, `无门槛5元 ${tag} 减 ¥5`]) {
    const card = page.getByRole('article', { name });
    await card.getByRole('button', { name: '立即领取' }).click();
    await expect(card).toContainText('已领取');
  }

  // The checkout picks ¥20 off by itself.
  await addAddressByApi(page);
  const skuId = await firstSkuId(page, 10909);
  await page.goto(`/CreateOrder?skuId=${skuId}&quantity=1`);
  const picker = page.getByRole('region', { name: '优惠券' });
  await expect(picker).toContainText(`满199减20 ${tag} -¥20.00`);
  const totals = page.locator('.checkout-submit .order-totals');
  await expect(totals).toContainText('优惠券-¥20.00');
  await expect(totals).toContainText('¥1,279.00');
  await shot(page, 'checkout-coupon');

  // Another, then none, then the better one again.
  await picker.getByRole('button', { name: /选择/ }).click();
  await picker.getByRole('radio', { name: new RegExp(`无门槛5元 ${tag}`) }).check();
  await expect(totals).toContainText('¥1,294.00');
  await picker.getByRole('radio', { name: '不使用优惠券' }).check();
  await expect(totals).not.toContainText('优惠券');
  await expect(totals).toContainText('¥1,299.00');
  await picker.getByRole('radio', { name: new RegExp(`满199减20 ${tag}`) }).check();
  await expect(totals).toContainText('¥1,279.00');
  await shot(page, 'checkout-coupon-list');

  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/(PayDetail|PaySelectPC)\?orderNo=\d{20}/);
  const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
  await expect(page.locator('main')).toContainText('¥1,279.00');
  await payOrderInDemo(page, orderNo);

  await page.goto(`/OrderDetail?orderNo=${orderNo}`);
  const orderTotals = page.locator('main .order-totals').first();
  await expect(orderTotals).toContainText('优惠券-¥20.00');
  await expect(orderTotals).toContainText(`满199减20 ${tag}`);
  await shot(page, 'order-coupon');

  // The invoice: asked for, issued by the operator, its PDF lists the 折扣 line.
  const asked = await page.request.post('/api/v1/invoices', { headers: XRW, data: { orderNo, invoiceType: 'normal', titleType: 'personal', title: '李雷', email: 'li@example.com' } });
  const invoice = (await asked.json()) as { resultCode: number; message: string; data: { id: number; amountFen: number } };
  expect(invoice.resultCode, invoice.message).toBe(200);
  expect(invoice.data.amountFen).toBe(127_900);
  expect((await (await op.post(`/api/v1/admin/invoices/${invoice.data.id}/issue`, { headers: opHeaders })).json()).resultCode).toBe(200);
  await op.dispose();
  const pdf = await page.request.get(`/api/v1/invoices/${invoice.data.id}/pdf`);
  expect(pdf.status()).toBe(200);
  const parser = new PDFParse({ data: new Uint8Array(await pdf.body()) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  // The line at its full price, a 折扣 line (both without tax, as an invoice lists them), the total paid.
  expect(text).toMatch(/量盾 量子加密耳机 Q1[^\n]*1149\.56/);
  expect(text).toMatch(/折扣 项 1 -17\.70/);
  expect(text).toContain('壹仟贰佰柒拾玖元整');
  expect(text).toContain('¥1,279.00');
  // The invoice's screen says the same: the amount after the coupon, and the coupon's part beside it.
  await page.goto(`${mobile ? '/InvoiceDetail' : '/InvoiceDetailPC'}?id=${invoice.data.id}`);
  await expect(page.locator('main')).toContainText('¥1,279.00');
  await expect(page.locator('main')).toContainText('优惠券抵扣−¥20.00（不开票，已从开票金额中扣除）');
  await shot(page, 'invoice-coupon');

  // A second order takes the ¥5 coupon (the best left); cancelled, the coupon is back.
  await page.goto(`/CreateOrder?skuId=${skuId}&quantity=1`);
  await expect(picker).toContainText(`无门槛5元 ${tag} -¥5.00`);
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/(PayDetail|PaySelectPC)\?orderNo=\d{20}/);
  const second = new URL(page.url()).searchParams.get('orderNo')!;
  await page.goto(`/OrderDetail?orderNo=${second}`);
  await page.getByRole('button', { name: '取消订单' }).click();
  const dialog = page.getByRole('dialog', { name: /确定取消这个订单吗/ });
  await dialog.getByRole('radio', { name: '不想要了' }).check();
  await dialog.getByRole('button', { name: '确认取消' }).click();
  await expect(page.getByRole('heading', { name: '已取消' })).toBeVisible();
  await page.goto(mobile ? '/Coupon' : '/personalCenter/PersonalCoupon');
  await expect(page.getByRole('article', { name: `无门槛5元 ${tag} 减 ¥5` })).toBeVisible();
  await expect(page.getByRole('article', { name: `满199减20 ${tag} 减 ¥20` })).toHaveCount(0);
  await page.getByRole('navigation', { name: '优惠券状态' }).getByRole('link', { name: '已使用' }).click();
  await expect(page.getByRole('article', { name: `满199减20 ${tag} 减 ¥20` })).toContainText(orderNo);
});
