/**
 * 价保 on desktop and on a phone (docs/rules.md#价保): the product page states 支持 15 天价保; a shopper
 * buys one unit and pays; the operator lowers the option's price with the console's 价格和库存 and puts
 * it back at once (the low stays in the price history, so no other spec sees the lower price for more
 * than a moment); 申请价保 on the order's line shows 实付单价, 付款后最低价 and 可退差价 before anything is
 * claimed, 确认申请 refunds the difference through the demo WeChat gateway and says so, the order shows
 * the money under 实付, a second 申请价保 of the same drop says it was claimed, 我的 → 价保 lists the claim
 * in 价保记录, and the console's 价保 lists it with its order.
 *
 * Each project has an option of its own whose price no other spec reads (desktop: the disk 100's 1TB;
 * phone: the T20's 指挥版, above the product's lowest price), so the two never see each other's drop.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatFen } from '../../lib/domain/money';
import { OPERATORS } from './env';
import { loginNewShopper } from './login';
import { addAddressByApi, operatorConsole, payOrderInDemo } from './pay';
import { shot } from './shot';

const PRODUCT = {
  desktop: { id: 10916, name: '量盾 量子加密移动硬盘 100', sku: '1TB', dropFen: 10_000 },
  mobile: { id: 10914, name: '量盾 量子加密头戴耳机 T20', sku: '指挥版（含 2.4 GHz 基站）', dropFen: 20_000 },
} as const;
const XRW = { 'X-Requested-With': 'XMLHttpRequest' };

type AdminSku = { id: number; name: string; priceFen: number; listPriceFen: number; stock: number; version: string };

/** The option as the console loads it (its version for the guarded write). */
async function adminSku(op: Page, productId: number, name: string): Promise<AdminSku> {
  const body = (await (await op.request.get(`/api/v1/admin/products/${productId}`, { headers: XRW })).json()) as { data: { skus: AdminSku[] } };
  const sku = body.data.skus.find((s) => s.name === name);
  expect(sku, `${productId} ${name}`).toBeTruthy();
  return sku!;
}

/** 价格和库存 of the option: its price set to `priceFen` (list price kept, stock as it is now; a sale meanwhile is loaded again). */
async function setPrice(op: Page, productId: number, name: string, priceFen: number): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const s = await adminSku(op, productId, name);
    const res = await op.request.put(`/api/v1/admin/skus/${s.id}`, { headers: XRW, data: { priceFen, listPriceFen: s.listPriceFen, stock: s.stock, version: s.version } });
    const body = (await res.json()) as { resultCode: number; message: string };
    if (body.resultCode === 409 && attempt < 3) continue;
    expect(body.resultCode, body.message).toBe(200);
    return;
  }
}

test('申请价保 from the order detail: the amount before 确认申请, the refund after, once per drop; 我的 → 价保 and the console list it', async ({ page, browser }, info) => {
  test.setTimeout(180_000);
  const mobile = info.project.name === 'mobile';
  const product = PRODUCT[mobile ? 'mobile' : 'desktop'];
  const pc = mobile ? '' : 'PC';
  const main = page.locator('main');

  // The product page lists the promise with the others.
  await page.goto(`/proc/${product.id}`);
  await expect(main.getByText('支持 15 天价保')).toBeVisible();

  // A shopper buys one of the option and pays.
  await loginNewShopper(page);
  await addAddressByApi(page);
  const op = await operatorConsole(browser, mobile ? OPERATORS.priceProtectMobile : OPERATORS.priceProtectDesktop);
  const before = await adminSku(op, product.id, product.sku);
  await page.goto(`/CreateOrder?skuId=${before.id}&quantity=1`);
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/(PayDetail|PaySelectPC)\?orderNo=\d{20}/);
  const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
  await payOrderInDemo(page, orderNo);
  const paid = before.priceFen;
  const low = paid - product.dropFen;

  // The console lowers the price and puts it back: the low stays in the option's price history.
  try {
    await setPrice(op, product.id, product.sku, low);
  } finally {
    await setPrice(op, product.id, product.sku, paid);
  }

  // 申请价保 on the order's line: what comes back, before anything is claimed.
  await page.goto(`/OrderDetail${pc}?orderNo=${orderNo}`);
  await expect(page.getByRole('heading', { name: '待发货' })).toBeVisible();
  await main.getByRole('button', { name: `申请价保（${product.name}）` }).click();
  const dialog = page.getByRole('dialog', { name: '申请价保' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(product.name)).toBeVisible();
  const sums = dialog.locator('dl.price-protect-sums');
  await expect(sums.locator('div', { hasText: '实付单价' }).locator('dd')).toHaveText(formatFen(paid));
  await expect(sums.locator('div', { hasText: '付款后最低价' }).locator('dd')).toHaveText(formatFen(low));
  await expect(sums.locator('div', { hasText: '价保数量' }).locator('dd')).toHaveText('1 件');
  await expect(dialog.getByTestId('price-protect-amount')).toHaveText(formatFen(product.dropFen));
  await expect(dialog.getByText('确认后差价将原路退回微信支付。')).toBeVisible();
  await shot(page, 'price-protect-preview');

  // 确认申请: the result, the refund to WeChat Pay (the demo gateway may not have notified yet: 退款中 until it does).
  await dialog.getByRole('button', { name: '确认申请' }).click();
  const result = page.getByRole('dialog', { name: '价保结果' });
  await expect(result.getByRole('status')).toHaveText(
    new RegExp(`^(已退款 ${escape(formatFen(product.dropFen))}，已原路退回微信支付|退款中 ${escape(formatFen(product.dropFen))}，将原路退回微信支付)$`),
  );
  await shot(page, 'price-protect-result');
  await result.getByRole('button', { name: '完成' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The order: the money under 实付 once the gateway's notification settled it.
  await expect
    .poll(async () => {
      await page.reload();
      return main.locator('.order-refunded dd').textContent({ timeout: 2_000 }).catch(() => null);
    })
    .toBe(formatFen(product.dropFen));
  await expect(page.getByRole('heading', { name: '待发货' })).toBeVisible();

  // The same drop again: the dialog says why, and offers nothing to confirm.
  await main.getByRole('button', { name: `申请价保（${product.name}）` }).click();
  const again = page.getByRole('dialog', { name: '申请价保' });
  await expect(again.getByRole('status')).toHaveText('本次降价已申请过价保，价格再降低时可再次申请');
  await expect(again.getByRole('button', { name: '确认申请' })).toHaveCount(0);
  await again.getByRole('button', { name: '知道了' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // 我的 → 价保: the claim in 价保记录, nothing left to claim.
  if (mobile) {
    await page.goto('/User');
    await main.getByRole('link', { name: /^价保/ }).click();
    await page.waitForURL(/\/PriceProtect$/);
  } else {
    await page.goto('/personalCenter/PersonalInfo');
    await page.getByRole('navigation', { name: '个人中心' }).getByRole('link', { name: '价保', exact: true }).click();
    await page.waitForURL(/\/personalCenter\/PersonalPriceProtect$/);
  }
  await expect(page.getByRole('heading', { level: 1, name: '价保' })).toBeVisible();
  const claims = main.getByRole('list', { name: '价保记录' }).getByRole('listitem');
  await expect(claims).toHaveCount(1);
  await expect(claims).toContainText(product.name);
  await expect(claims).toContainText(`订单 ${orderNo}`);
  await expect(claims).toContainText(formatFen(product.dropFen));
  await expect(claims).toContainText('已退款');
  const lines = main.getByRole('list', { name: '价保期内的商品' }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines).toContainText('本次降价已申请过价保');
  await expect(main.getByRole('button', { name: '一键价保' })).toBeDisabled();
  await shot(page, 'price-protect-mine');

  // The console's 价保: the claim with its order.
  await op.goto('/admin/price-protect');
  await expect(op.getByRole('heading', { name: '价保', level: 1 })).toBeVisible();
  const row = op.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(formatFen(product.dropFen));
  await expect(row).toContainText('单件申请');
  await expect(row.getByRole('link', { name: orderNo })).toHaveAttribute('href', `/admin/orders/${orderNo}`);
  await op.context().close();
});

/** A string matched as itself inside a RegExp. */
function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
