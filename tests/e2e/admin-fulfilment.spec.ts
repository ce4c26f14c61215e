/**
 * Fulfilment through the operator console. Two shoppers, one on a desktop and one on a
 * phone, each pay an order (demo WeChat gateway) and ask for a company invoice (待开票). The
 * operator — desktop, in a browser of its own — logs in, finds each order in 订单, ships it with a
 * carrier and waybill number (发货), and issues its invoice in the 发票 queue (开票). Each shopper then
 * sees 待收货 with the carrier and waybill on the order detail and on 查看物流 (/OrderDistribute),
 * 已开票 with the 20-digit number the console shows, and 下载发票 downloads the PDF.
 *
 * One test on the desktop project drives both shoppers; the operator (OPERATORS.fulfilment) is this
 * spec's own, so its SMS code never waits out another spec's 60 s resend gap.
 */
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { E2E_BASE_URL, OPERATORS } from './env';
import { loginInForm, loginNewShopper } from './login';
import { addAddressByApi, payOrderInDemo, placeOrder } from './pay';
import { UA } from '../support/user-agents';

test.skip(({ isMobile }) => isMobile, 'one run covers both shoppers (a desktop page and a phone context) with one operator login');

/** No other spec buys 10910 (its other SKU has no stock), so no other test shares this stock. */
const PRODUCT = { id: 10910, sku: '远山蓝' };
const COMPANY = { title: '厦门量子履约测试有限公司', taxNo: '91350100M000100Y43', email: 'invoice@example.com' };
const CARRIER = { desktop: '顺丰速运', mobile: '京东物流' } as const;

/**
 * The shoppers and the operator are different people on different networks (X-Forwarded-For, which
 * the e2e server trusts from 127.0.0.1 through TRUST_PROXY). Without it every SMS code of the suite counts against 127.0.0.1, whose hourly
 * limit (SMS_PER_IP_HOUR = 20) the other specs already nearly use up.
 */
const SHOPPER_IP = { desktop: '203.0.113.27', mobile: '203.0.113.28' } as const;
const OPERATOR_IP = '198.51.100.7';
test.use({ extraHTTPHeaders: { 'X-Forwarded-For': SHOPPER_IP.desktop } });

const BASE = { baseURL: E2E_BASE_URL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' };
/** The projects' device settings (playwright.config.ts). */
const DESKTOP = { userAgent: UA.windowsChrome, viewport: { width: 1366, height: 900 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false };
const PHONE = { userAgent: UA.iPhoneSafari, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

function newContext(browser: Browser, device: typeof DESKTOP | typeof PHONE, ip: string): Promise<BrowserContext> {
  return browser.newContext({ ...BASE, ...device, extraHTTPHeaders: { 'X-Forwarded-For': ip } });
}

/** The <dd> after the <dt> that reads `term` (the fact lists of the console and the shop). */
function fact(scope: Locator, term: string): Locator {
  return scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
}

type Shopper = { device: 'desktop' | 'mobile'; page: Page; orderNo: string; invoicePage: string; trackingNo: string };

/** Logs in on /User, adds an address, places and pays an order, asks for a company invoice → 待开票. */
async function buyAndAskForInvoice(page: Page, device: Shopper['device']): Promise<Shopper> {
  const mobile = device === 'mobile';
  const main = page.locator('main');
  await loginNewShopper(page);
  await addAddressByApi(page);

  const res = await page.request.get(`/api/v1/products/${PRODUCT.id}`);
  const { skus } = ((await res.json()) as { data: { skus: { id: number; name: string; stock: number }[] } }).data;
  const sku = skus.find((s) => s.name === PRODUCT.sku);
  expect(sku?.stock, `${PRODUCT.id} ${PRODUCT.sku} in stock`).toBeGreaterThan(0);
  const orderNo = await placeOrder(page, sku!.id);
  await payOrderInDemo(page, orderNo);

  await page.goto(`/OrderDetail?orderNo=${orderNo}`);
  await page.waitForURL(new RegExp(`/${mobile ? 'OrderDetail' : 'OrderDetailPC'}\\?orderNo=${orderNo}$`));
  await expect(page.getByRole('heading', { name: '待发货' })).toBeVisible();
  await expect(page.getByRole('link', { name: '查看物流' })).toHaveCount(0);
  await page.getByRole('link', { name: '申请开票' }).click();
  await page.waitForURL(new RegExp(`/${mobile ? 'Invoice' : 'InvoicePC'}\\?orderNo=${orderNo}$`));
  await main.getByRole('radio', { name: '单位' }).check();
  await main.getByRole('textbox', { name: '发票抬头' }).fill(COMPANY.title);
  await main.getByRole('textbox', { name: '纳税人识别号' }).fill(COMPANY.taxNo);
  await main.getByRole('textbox', { name: '接收邮箱' }).fill(COMPANY.email);
  await main.getByRole('button', { name: '提交申请' }).click();
  await page.waitForURL(new RegExp(`/${mobile ? 'InvoiceDetail' : 'InvoiceDetailPC'}\\?id=\\d+$`));
  await expect(main.getByRole('heading', { name: '待开票' })).toBeVisible();
  await expect(main.getByRole('link', { name: '下载发票' })).toHaveCount(0);
  return { device, page, orderNo, invoicePage: page.url(), trackingNo: `${device === 'desktop' ? 'SF' : 'JD'}${orderNo.slice(-12)}` };
}

/** The operator logs in through the header's 登录 dialog. */
async function operatorLogIn(page: Page) {
  await page.goto('/');
  const header = page.locator('header.site-header');
  await header.getByRole('button', { name: '登录', exact: true }).click();
  await loginInForm(page.getByRole('dialog', { name: '登录' }), OPERATORS.fulfilment);
  await expect(header.getByRole('button', { name: '退出登录' })).toBeVisible();
}

/** 订单 → filter by the number → 发货 → the form (its messages once) → 待收货 with the waybill. */
async function shipInConsole(op: Page, s: Shopper, carrier: string, checkMessages: boolean) {
  await op.getByRole('navigation', { name: '运营后台' }).getByRole('link', { name: '订单' }).click();
  await expect(op.getByRole('heading', { name: '订单', exact: true })).toBeVisible();
  const filters = op.getByRole('search', { name: '筛选订单' });
  await filters.getByLabel('订单号', { exact: true }).fill(s.orderNo);
  await filters.getByRole('button', { name: '查询' }).click();
  await op.waitForURL(new RegExp(`/admin/orders\\?.*orderNo=${s.orderNo}`));
  const row = op.getByRole('row').filter({ has: op.getByRole('rowheader', { name: s.orderNo }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: '待发货' })).toBeVisible();
  await row.getByRole('link', { name: '发货' }).click();
  await op.waitForURL(new RegExp(`/admin/orders/${s.orderNo}$`));
  const title = op.getByRole('heading', { level: 1 });
  await expect(title).toContainText(s.orderNo);
  await expect(title).toContainText('待发货');

  const ship = op.getByRole('form', { name: '发货' });
  if (checkMessages) {
    await ship.getByRole('button', { name: '发货' }).click();
    await expect(ship.getByRole('alert')).toHaveText('请选择快递公司');
    await ship.getByLabel('快递公司').selectOption({ label: carrier });
    await ship.getByLabel('运单号').fill('SF-1');
    await ship.getByRole('button', { name: '发货' }).click();
    await expect(ship.getByRole('alert')).toHaveText('运单号应为 8–30 位字母或数字');
  }
  await ship.getByLabel('快递公司').selectOption({ label: carrier });
  await ship.getByLabel('运单号').fill(s.trackingNo.toLowerCase());
  await ship.getByRole('button', { name: '发货' }).click();
  await expect(title).toContainText('待收货');
  await expect(ship).toHaveCount(0);
  await expect(fact(op.locator('dl.admin-facts'), '物流')).toHaveText(`${carrier} ${s.trackingNo}`);
  await expect(op.getByText(`已发货：包裹已交给${carrier}，运单号 ${s.trackingNo}`)).toBeVisible();
  await expect(op.getByRole('region', { name: '操作记录' }).getByText('订单发货')).toBeVisible();
}

/** 发票 → the order's request in the 待开票 queue → 开票 → it leaves the queue; returns the number the order shows. */
async function issueInConsole(op: Page, s: Shopper): Promise<string> {
  await op.getByRole('navigation', { name: '运营后台' }).getByRole('link', { name: '发票' }).click();
  await expect(op.getByRole('heading', { name: '发票', exact: true })).toBeVisible();
  const row = op.getByRole('row').filter({ has: op.getByRole('rowheader', { name: s.orderNo }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: `${COMPANY.title}（单位）` })).toBeVisible();
  await expect(row.getByRole('cell', { name: COMPANY.taxNo })).toBeVisible();
  await expect(row.getByRole('cell', { name: '待收货' })).toBeVisible();
  await row.getByRole('button', { name: '开票' }).click();
  await expect(op.getByText('发票已开具')).toBeVisible();
  await expect(row).toHaveCount(0);

  await op.goto(`/admin/orders/${s.orderNo}`);
  const invoice = fact(op.locator('dl.admin-facts'), '发票');
  await expect(invoice).toHaveText(new RegExp(`^${COMPANY.title}（发票号 \\d{20}）$`));
  return /(\d{20})/.exec((await invoice.textContent()) ?? '')![1];
}

/** The shopper's side once shipped and issued: order detail, 查看物流, the invoice and its PDF. */
async function shopperSees(s: Shopper, carrier: string, invoiceNo: string) {
  const { page, orderNo } = s;
  const main = page.locator('main');
  await page.goto(`/OrderDetail?orderNo=${orderNo}`);
  await page.waitForURL(new RegExp(`/${s.device === 'mobile' ? 'OrderDetail' : 'OrderDetailPC'}\\?orderNo=${orderNo}$`));
  await expect(page.getByRole('heading', { name: '待收货' })).toBeVisible();
  const shipped = page.getByRole('list', { name: '订单进度' }).getByRole('listitem').filter({ hasText: '商品发货' });
  await expect(shipped).toHaveAttribute('data-state', 'done');
  const facts = page.locator('dl.order-facts');
  await expect(fact(facts, '快递')).toHaveText(`${carrier} ${s.trackingNo}`);
  await expect(facts.locator('.invoice-status')).toHaveText('已开票');
  await expect(page.getByRole('button', { name: '确认收货' })).toBeVisible();

  await page.getByRole('link', { name: '查看物流', exact: true }).click();
  await page.waitForURL(new RegExp(`/OrderDistribute\\?orderNo=${orderNo}$`));
  const parcel = page.getByRole('region', { name: '包裹信息' });
  await expect(fact(parcel, '快递公司')).toHaveText(carrier);
  // The number, beside its 复制 button.
  await expect(fact(parcel, '运单号').getByText(s.trackingNo, { exact: true })).toBeVisible();
  await expect(parcel.getByText(`已发货：包裹已交给${carrier}，运单号 ${s.trackingNo}`)).toBeVisible();

  await page.goto(s.invoicePage);
  await expect(main.getByRole('heading', { name: '已开票' })).toBeVisible();
  const shown = (await main.getByTestId('invoice-no').textContent())!.trim();
  expect(shown).toMatch(/^\d{20}$/);
  expect(shown).toBe(invoiceNo);
  const [download] = await Promise.all([page.waitForEvent('download'), main.getByRole('link', { name: '下载发票' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(download.suggestedFilename()).toContain(invoiceNo);
  const chunks: Buffer[] = [];
  for await (const c of (await download.createReadStream())!) chunks.push(c as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

test('the operator ships each order and issues its invoice; the desktop and the phone shopper see 待收货 with the waybill and download the invoice', async ({ page, browser }) => {
  // Two shoppers each log in, order, pay and ask for an invoice; then the operator ships and issues both.
  test.setTimeout(180_000);
  const phone = await newContext(browser, PHONE, SHOPPER_IP.mobile);
  const ops = await newContext(browser, DESKTOP, OPERATOR_IP);
  try {
    const shoppers = [await buyAndAskForInvoice(page, 'desktop'), await buyAndAskForInvoice(await phone.newPage(), 'mobile')];

    const op = await ops.newPage();
    await operatorLogIn(op);
    await op.goto('/admin');
    await expect(op.getByRole('heading', { name: '概览' })).toBeVisible();
    const invoiceNos: string[] = [];
    for (const s of shoppers) {
      await shipInConsole(op, s, CARRIER[s.device], s.device === 'desktop');
      invoiceNos.push(await issueInConsole(op, s));
    }
    expect(invoiceNos[0]).not.toBe(invoiceNos[1]);

    for (const [i, s] of shoppers.entries()) await shopperSees(s, CARRIER[s.device], invoiceNos[i]);
  } finally {
    await phone.close();
    await ops.close();
  }
});
