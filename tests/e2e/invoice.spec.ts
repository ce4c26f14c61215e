/**
 * Invoices on desktop and mobile: a paid order (paid through the demo gateway), 申请开票
 * on its detail, the form's messages from the shared schema, 单位 title with a taxpayer number,
 * 待开票; the operator issues it through the console's API (issueInvoice); the shopper sees
 * 已开票 with its number and 下载发票 downloads the PDF.
 */
import { expect, test, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { fenToChineseCapital, formatFen } from '../../lib/domain/money';
import { E2E_BASE_URL, OPERATORS } from './env';
import { apiLogin, loginNewShopper } from './login';
import { addAddressByApi, firstSkuId, payOrderInDemo, placeOrder } from './pay';

/** Each project buys its own product, so parallel runs never share stock. */
const PRODUCT = { desktop: { id: 10909, priceFen: 129_900 }, mobile: { id: 10914, priceFen: 269_900 } };
const XRW = { 'X-Requested-With': 'XMLHttpRequest' };
const COMPANY = { title: '福建量子测试科技有限公司', taxNo: '91350100M000100Y43' };

async function fieldError(page: Page, message: string) {
  await expect(page.locator('main').getByText(message, { exact: true })).toBeVisible();
}

test('paid order → 申请开票 → 待开票 → issued by the operator → 已开票 → 下载发票', async ({ page, playwright }, info) => {
  const mobile = info.project.name === 'mobile';
  const product = PRODUCT[mobile ? 'mobile' : 'desktop'];

  // A shopper with a paid order.
  await loginNewShopper(page);
  await addAddressByApi(page);
  const orderNo = await placeOrder(page, await firstSkuId(page, product.id));
  await payOrderInDemo(page, orderNo);

  // 申请开票 on the order detail leads to the request form of this device.
  await page.goto(`/OrderDetail?orderNo=${orderNo}`);
  await expect(page.getByRole('heading', { name: '待发货' })).toBeVisible();
  await page.getByRole('link', { name: '申请开票' }).click();
  await page.waitForURL(new RegExp(`/${mobile ? 'Invoice' : 'InvoicePC'}\\?orderNo=${orderNo}$`));
  const main = page.locator('main');
  await expect(main.getByText(formatFen(product.priceFen)).first()).toBeVisible();

  // The shared schema's messages: empty form, then a company with a wrong check character.
  await main.getByRole('button', { name: '提交申请' }).click();
  await fieldError(page, '请填写发票抬头');
  await fieldError(page, '请填写接收邮箱');
  await main.getByRole('radio', { name: '单位' }).check();
  await main.getByRole('textbox', { name: '发票抬头' }).fill(COMPANY.title);
  await main.getByRole('textbox', { name: '纳税人识别号' }).fill('91350100M000100Y44');
  await main.getByRole('textbox', { name: '接收邮箱' }).fill('finance@example.com');
  await main.getByRole('button', { name: '提交申请' }).click();
  await fieldError(page, '纳税人识别号校验位不正确，请核对');
  await main.getByRole('textbox', { name: '纳税人识别号' }).fill(COMPANY.taxNo.toLowerCase());
  await main.getByRole('button', { name: '提交申请' }).click();

  // 待开票 on the detail of this device; no download yet.
  await page.waitForURL(new RegExp(`/${mobile ? 'InvoiceDetail' : 'InvoiceDetailPC'}\\?id=\\d+$`));
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(main.getByRole('heading', { name: '待开票' })).toBeVisible();
  await expect(main.getByText(COMPANY.taxNo)).toBeVisible();
  await expect(main.getByRole('link', { name: '下载发票' })).toHaveCount(0);

  // The operator issues it (the console's API → issueInvoice).
  const api = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  try {
    const token = await apiLogin(api, mobile ? OPERATORS.invoiceMobile : OPERATORS.invoiceDesktop);
    const res = await api.post(`/api/v1/admin/invoices/${id}/issue`, { headers: { ...XRW, token } });
    const body = (await res.json()) as { resultCode: number; message: string };
    expect(body.resultCode, body.message).toBe(200);
  } finally {
    await api.dispose();
  }

  // 已开票 with its 20-digit number; the order detail links to it; the PDF downloads.
  await page.reload();
  await expect(main.getByRole('heading', { name: '已开票' })).toBeVisible();
  const invoiceNo = (await main.getByTestId('invoice-no').textContent())!.trim();
  expect(invoiceNo).toMatch(/^\d{20}$/);
  const [download] = await Promise.all([page.waitForEvent('download'), main.getByRole('link', { name: '下载发票' }).click()]);
  expect(download.suggestedFilename()).toBe(`发票-${invoiceNo}.pdf`);
  const chunks: Buffer[] = [];
  for await (const c of (await download.createReadStream())!) chunks.push(c as Buffer);
  const pdf = Buffer.concat(chunks);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  for (const part of [COMPANY.title, COMPANY.taxNo, invoiceNo, formatFen(product.priceFen), fenToChineseCapital(product.priceFen)]) expect(text).toContain(part);

  await page.goto(`/OrderDetail?orderNo=${orderNo}`);
  await expect(page.getByRole('link', { name: '查看发票' })).toBeVisible();
  await expect(page.getByRole('link', { name: '申请开票' })).toHaveCount(0);

  // The list shows it as 已开票.
  await page.goto('/Invoice');
  await expect(main.getByText(COMPANY.title).first()).toBeVisible();
  await expect(main.locator('.invoice-status', { hasText: '已开票' })).toBeVisible();

  // The next order's form offers the saved title (常用抬头); picking it fills the form; 删除此常用抬头
  // forgets it, and it stays gone after a reload. (Desktop only: the mobile run already waits out an SMS gap.)
  if (mobile) return;
  const next = await placeOrder(page, await firstSkuId(page, product.id));
  await payOrderInDemo(page, next);
  await page.goto(`/InvoicePC?orderNo=${next}`);
  const saved = main.getByRole('combobox', { name: '常用抬头' });
  await saved.selectOption({ label: `${COMPANY.title}（${COMPANY.taxNo}）` });
  await expect(main.getByRole('textbox', { name: '发票抬头' })).toHaveValue(COMPANY.title);
  await expect(main.getByRole('textbox', { name: '纳税人识别号' })).toHaveValue(COMPANY.taxNo);
  await main.getByRole('button', { name: '删除此常用抬头' }).click();
  await expect(saved).toHaveCount(0);
  await expect(main.getByRole('textbox', { name: '发票抬头' })).toHaveValue(COMPANY.title);
  await page.reload();
  await expect(main.getByRole('textbox', { name: '发票抬头' })).toBeVisible();
  await expect(main.getByRole('combobox', { name: '常用抬头' })).toHaveCount(0);
});
