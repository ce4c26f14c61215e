/**
 * 在线客服 keeps every session (docs/support.md#the-conversation), on a phone and a desktop: the operator
 * answers and presses 结束 in the console (the app's own confirm dialog, not the browser's), the
 * shopper's next question opens a new session below the earlier one, which keeps its answer and its
 * card; after a reload 查看更多历史消息 brings it back; the console shows the earlier session above
 * the new one, with their own cards. Also: after 接入 the pane says who serves it since when; the
 * operator sends a photo the shopper sees; own links into /admin or with U+202E stay text. 联系客服 from
 * a 售后单 names it and the line being returned (not the order's first), and from an invoice names the
 * invoice, on the shopper's screen and in the console with its link.
 */
import { expect, test, type Page } from '@playwright/test';
import { UA } from '../support/user-agents';
import { TINY_PNG } from '../support/tiny-png';
import { E2E_BASE_URL, OPERATORS } from './env';
import { loginInForm, loginNewShopper, masked } from './login';
import { firstSkuId, payOrderInDemo } from './pay';
import { shot } from './shot';

/** 量盾 量子加密头戴耳机 200: a product page every device shows. */
const PRODUCT = 10913;

async function consoleOf(page: Page, phone: string): Promise<Page> {
  const desk = await page.context().browser()!.newContext({ viewport: { width: 1366, height: 900 }, userAgent: UA.windowsChrome, isMobile: false, hasTouch: false, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const op = await desk.newPage();
  await op.goto('/');
  const header = op.locator('header.site-header');
  await header.getByRole('button', { name: '登录', exact: true }).click();
  await loginInForm(op.getByRole('dialog', { name: '登录' }), phone);
  await expect(header.getByRole('button', { name: '退出登录' })).toBeVisible();
  return op;
}

test('after 结束 the next question opens a new session below the earlier one, for the shopper and the console', async ({ page, isMobile }) => {
  test.setTimeout(180_000);
  const tag = Date.now() % 100_000;
  const first = `耳机怎么退货？${tag}`;
  const address = `退货地址：合肥市科学大道 909 号 ${tag}`;
  const second = `刚才说的退货地址是哪里？${tag}`;

  const phone = await loginNewShopper(page);
  await page.goto(`/Support?productId=${PRODUCT}`);
  const chat = page.getByRole('region', { name: '在线客服' });
  await expect(chat).toContainText('量子加密头戴耳机');
  await chat.getByPlaceholder('请输入您的问题').fill(first);
  await chat.getByRole('button', { name: '发送', exact: true }).click();
  const lines = chat.getByRole('list', { name: '会话记录' });
  await expect(lines).toContainText(first);

  const op = await consoleOf(page, isMobile ? OPERATORS.supportSessionsMobile : OPERATORS.supportSessionsDesktop);
  try {
    await op.goto('/admin/support');
    const queue = op.getByRole('region', { name: '会话列表' });
    const row = queue.getByRole('link', { name: new RegExp(masked(phone).replace(/\*/g, '\\*')) });
    // The queue shows the shopper's words, not the automatic out-of-hours answer after them.
    await expect(row).toContainText(first);
    await row.click();
    const convo = op.getByRole('region', { name: `与 ${masked(phone)} 的会话` });
    await expect(convo).toContainText('已等待');
    await convo.getByRole('button', { name: '接入' }).click();
    // Taken: who serves it and since when, no longer 已等待.
    await expect(convo.getByText(/接待：.+（.+ 接入）/)).toBeVisible();
    await expect(convo).not.toContainText('已等待');
    await convo.getByRole('textbox', { name: /^回复/ }).fill(`${address} 详见 ${E2E_BASE_URL}/admin/orders 和 ${E2E_BASE_URL}/\u202egpj.exe 和 ${E2E_BASE_URL}/helpCenter`);
    await convo.getByRole('button', { name: '发送', exact: true }).click();
    await expect(convo).toContainText(address);
    // A photo from the operator, with the shoppers' upload rules.
    const photo = convo.locator('input[type=file]');
    await expect(photo).toBeEnabled();
    await photo.setInputFiles({ name: 'wiring.png', mimeType: 'image/png', buffer: Buffer.from(TINY_PNG) });
    await expect(convo.getByRole('img', { name: '客服发送的图片' })).toBeVisible({ timeout: 20_000 });

    // The shopper sees the answer and the photo; only the public page is a link.
    await expect(lines).toContainText(address, { timeout: 10_000 });
    await expect(lines.getByRole('img', { name: '图片' })).toBeVisible({ timeout: 10_000 });
    await expect(lines.getByRole('link', { name: `${E2E_BASE_URL}/helpCenter` })).toBeVisible();
    await expect(lines.getByRole('link', { name: /\/admin\/orders/ })).toHaveCount(0);
    // U+202E was removed on the way in: the link reads as it goes (…/gpj.exe, not …exe.jpg).
    await expect(lines).not.toContainText('\u202e');
    await expect(lines.getByRole('link', { name: `${E2E_BASE_URL}/gpj.exe` })).toHaveAttribute('href', `${E2E_BASE_URL}/gpj.exe`);

    // 结束 asks in the app's own dialog; the browser's confirm() would fail this test.
    op.on('dialog', (d) => {
      throw new Error(`a browser dialog: ${d.message()}`);
    });
    await convo.getByRole('button', { name: '结束' }).click();
    const ask = op.getByRole('dialog', { name: /确定结束这个会话吗/ });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: '结束会话' }).click();
    await expect(op.getByText('会话已结束').first()).toBeVisible();

    // The shopper's next question: a new session below the earlier one, which keeps its answer and card.
    await expect(chat).toContainText('本次会话已结束', { timeout: 10_000 });
    await chat.getByPlaceholder('请输入您的问题').fill(second);
    await chat.getByRole('button', { name: '发送', exact: true }).click();
    await expect(lines).toContainText(second);
    await expect(lines).toContainText(address);
    const heads = lines.getByRole('separator');
    await expect(heads).toHaveCount(2);
    await expect(heads.first()).toContainText('已结束');
    // The earlier session's card (the product) sits in it; the new session has none.
    const cards = lines.locator('.support-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('量子加密头戴耳机');
    const text = (await lines.innerText()).replace(/\s+/g, ' ');
    expect(text.indexOf(address)).toBeLessThan(text.indexOf(second));
    expect(text.indexOf('量子加密头戴耳机')).toBeLessThan(text.indexOf(address));

    // After a reload the earlier session is one press away.
    await page.reload();
    await expect(lines).toContainText(second);
    await expect(lines).not.toContainText(address);
    await lines.getByRole('button', { name: '查看更多历史消息' }).click();
    await expect(lines).toContainText(address);
    await expect(lines.locator('.support-card').first()).toContainText('量子加密头戴耳机');
    await expect(lines.getByRole('button', { name: '查看更多历史消息' })).toHaveCount(0);
    await shot(page, `support-sessions-${isMobile ? 'mobile' : 'desktop'}`);

    // The console: the new conversation (no card) below the earlier one (its product card).
    await op.goto('/admin/support');
    await queue.getByRole('link', { name: new RegExp(masked(phone).replace(/\*/g, '\\*')) }).click();
    await expect(convo).toContainText(second);
    const earlier = convo.getByRole('region', { name: /的会话$/ });
    await expect(earlier).toHaveCount(1);
    await expect(earlier).toContainText(address);
    await expect(earlier.getByRole('link', { name: /量子加密头戴耳机/ })).toHaveAttribute('href', `/admin/products/${PRODUCT}`);
    await expect(convo.locator('> .kefu-card')).toHaveCount(0);
    if (!isMobile) await shot(op, 'support-sessions-console');
  } finally {
    await op.context().close();
  }
});

const XRW = { 'X-Requested-With': 'XMLHttpRequest' };

/** A call of the shop's API as the page's shopper (its login cookie); the envelope's data. */
async function apiAs<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = method === 'GET' ? await page.request.get(`/api/v1${path}`, { headers: XRW }) : await page.request.post(`/api/v1${path}`, { headers: XRW, data });
  const env = (await res.json()) as { resultCode: number; message: string; data: T };
  expect(env.resultCode, `${path}: ${env.message}`).toBe(200);
  return env.data;
}

test('联系客服 from a 售后单 names it and its item; from an invoice names the invoice; the console links both', async ({ page, isMobile }) => {
  test.setTimeout(180_000);
  const pc = isMobile ? '' : 'PC';
  const phone = await loginNewShopper(page);
  const address = await apiAs<{ id: number }>(page, 'POST', '/addresses', { name: '李雷', tel: '13912345678', province: '安徽省', city: '合肥市', county: '蜀山区', areaCode: '340104', addressDetail: '望江西路 800 号', isDefault: true });
  // Two lines: the request is for the second, so its card must not show the first.
  const [a, b] = [await firstSkuId(page, 10913), await firstSkuId(page, 10914)];
  const order = await apiAs<{ orderNo: string }>(page, 'POST', '/orders', { items: [{ skuId: a, quantity: 1 }, { skuId: b, quantity: 1 }], addressId: address.id, idempotencyKey: `support-cards-${Date.now()}` });
  await payOrderInDemo(page, order.orderNo);
  const invoice = await apiAs<{ id: number }>(page, 'POST', '/invoices', { orderNo: order.orderNo, invoiceType: 'normal', titleType: 'personal', title: '王小明', email: 'wang@example.com' });
  const detail = await apiAs<{ lines: { id: number; productName: string }[] }>(page, 'GET', `/orders/${order.orderNo}`);
  const returned = detail.lines[1];
  const request = await apiAs<{ afterSaleNo: string }>(page, 'POST', '/aftersales', { orderNo: order.orderNo, type: 'refund_only', reason: 'no_longer_needed', items: [{ orderItemId: returned.id, quantity: 1 }], description: '', imageIds: [] });

  await page.goto(`/AfterSaleDetail${pc}?afterSaleNo=${request.afterSaleNo}`);
  await page.locator('main').getByRole('link', { name: '联系客服' }).click();
  await expect(page).toHaveURL(new RegExp(`/Support\\?afterSaleNo=${request.afterSaleNo}$`));
  const chat = page.getByRole('region', { name: '在线客服' });
  const pending = chat.getByLabel('将随问题发送');
  await expect(pending).toContainText('咨询售后（仅退款）');
  await expect(pending).toContainText(`售后单号 ${request.afterSaleNo}`);
  await expect(pending).toContainText(returned.productName);
  await expect(pending).not.toContainText(detail.lines[0].productName);
  await chat.getByPlaceholder('请输入您的问题').fill('这个售后什么时候退款？');
  await chat.getByRole('button', { name: '发送', exact: true }).click();
  await expect(chat.getByRole('list', { name: '会话记录' })).toContainText('这个售后什么时候退款？');
  await expect(chat.locator('.support-card')).toContainText(`售后单号 ${request.afterSaleNo}`);
  await shot(page, `support-card-aftersale-${isMobile ? 'mobile' : 'desktop'}`);

  const op = await consoleOf(page, isMobile ? OPERATORS.supportCardsMobile : OPERATORS.supportCardsDesktop);
  try {
    await op.goto('/admin/support');
    const phoneRow = op.getByRole('region', { name: '会话列表' }).getByRole('link', { name: new RegExp(masked(phone).replace(/\*/g, '\\*')) });
    await phoneRow.click();
    const card = op.locator('.kefu-main > .kefu-card');
    await expect(card).toContainText(`售后单号 ${request.afterSaleNo}`);
    await expect(card.getByRole('link', { name: new RegExp(returned.productName) })).toHaveAttribute('href', `/admin/aftersales/${request.afterSaleNo}`);

    // From the invoice: its own card, and the console's link to the order's facts.
    await page.goto(`/InvoiceDetail${pc}?id=${invoice.id}`);
    await page.locator('main').getByRole('link', { name: '联系客服' }).click();
    await expect(page).toHaveURL(new RegExp(`/Support\\?invoiceId=${invoice.id}$`));
    await expect(chat.getByLabel('将随问题发送')).toContainText('发票抬头：王小明');
    await chat.getByPlaceholder('请输入您的问题').fill('发票什么时候开？');
    await chat.getByRole('button', { name: '发送', exact: true }).click();
    await expect(chat.getByRole('list', { name: '会话记录' })).toContainText('发票什么时候开？');
    await op.reload();
    await expect(card).toContainText('咨询发票');
    await expect(card.getByRole('link', { name: /王小明/ })).toHaveAttribute('href', `/admin/orders/${order.orderNo}#o-facts`);
    if (!isMobile) await shot(op, 'support-card-console');
  } finally {
    await op.context().close();
  }
});
