/**
 * 运费补偿 on desktop and on a phone (docs/after-sales.md#return-shipping): a shopper's received
 * headset is exchanged for 商品质量问题 (asked and approved over the API: the apply form and 同意 are
 * after-sales.spec's); the request page says who pays the return and how it comes back, refuses a
 * fee over the cap, and takes the waybill with ¥12.00; the operator's console (desktop) shows the
 * stated fee, receives the goods (报损) and approves ¥12.00, which goes back through the demo gateway
 * as a refund of its own; the shopper then reads 运费补偿 ¥12.00 已退款 on the request and on the order.
 */
import { expect, test, type Page } from '@playwright/test';
import { RETURN_SHIPPING_RULE } from '../../lib/domain/after-sale';
import { RETURN_SHIPPING_CAP_FEN } from '../../lib/domain/after-sale-rules';
import { formatFen } from '../../lib/domain/money';
import { OPERATORS } from './env';
import { approvedRequest } from './approved-request';
import { shot } from './shot';

/** A headset (¥1,999: ships free): the exchange never reships here, so no stock comes back. */
const PRODUCT = 10913;



/** The <dd> after the <dt> that reads `term` in the console's fact list. */
const fact = (op: Page, term: string) => op.locator('dl.admin-facts dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

test('运费补偿 of a shop-fault exchange: ¥12.00 stated with the waybill, approved after 收货, refunded on its own and shown to the shopper', async ({ page, browser }, info) => {
  test.setTimeout(180_000);
  const mobile = info.project.name === 'mobile';
  const pc = mobile ? '' : 'PC';
  const main = page.locator('main');

  // Bought, paid, shipped, received; an exchange for 商品质量问题, approved.
  const { orderNo, afterSaleNo, op } = await approvedRequest(page, browser, mobile ? OPERATORS.returnShippingMobile : OPERATORS.returnShippingDesktop, PRODUCT, {
    type: 'exchange',
    reason: 'quality',
    description: '左耳罩异响',
  });

  // The shopper: who pays the return and how it comes back; the fee over the cap refused; ¥12.00 sent.
  await page.goto(`/AfterSaleDetail${pc}?afterSaleNo=${afterSaleNo}`);
  await expect(main.getByRole('heading', { name: '待寄回' })).toBeVisible();
  const back = main.getByRole('region', { name: '退货地址' });
  await expect(back).toContainText(RETURN_SHIPPING_RULE.shop);
  await expect(main).not.toContainText('退款时一并退还');
  await back.getByLabel('快递公司').selectOption({ label: '中通快递' });
  await back.getByLabel('运单号').fill(`ZT${orderNo.slice(-12)}`);
  const fee = back.getByLabel('寄回运费（元，选填）');
  await fee.fill('25');
  await back.getByRole('button', { name: '提交退货物流' }).click();
  await expect(back.getByRole('alert')).toHaveText(`寄回运费最多 ${formatFen(RETURN_SHIPPING_CAP_FEN)}（商家承担的寄回运费上限）`);
  await fee.fill('12');
  await expect(back.getByRole('alert')).toHaveCount(0);
  await shot(page, 'return-shipping-form');
  await back.getByRole('button', { name: '提交退货物流' }).click();
  await expect(main.getByRole('heading', { name: '退货中' })).toBeVisible();
  const card = main.getByRole('region', { name: '运费补偿' });
  await expect(card).toContainText('您垫付的运费¥12.00');
  await expect(card).toContainText('商家核定商家收货确认后核定');

  // The console: the stated fee, 收货 (报损), then 运费补偿 ¥12.00 approved and refunded on its own.
  await op.goto(`/admin/aftersales/${afterSaleNo}`);
  const title = op.getByRole('heading', { level: 1 });
  await expect(title).toContainText('退货中');
  await expect(fact(op, '寄回运费')).toHaveText('买家垫付 ¥12.00');
  await expect(fact(op, '运费补偿')).toHaveText('待核定');
  const receive = op.getByRole('form', { name: '确认收货' });
  await receive.getByRole('radio', { name: /报损/ }).check();
  await receive.getByRole('button', { name: '确认收货' }).click();
  await expect(title).toContainText('商家已收货');
  const decide = op.getByRole('form', { name: '运费补偿' });
  await expect(decide.getByLabel('补偿金额（元，0 为不予补偿）')).toHaveValue('12.00');
  await expect(decide).toContainText('买家填写 ¥12.00，本单最多可补偿 ¥12.00。');
  await shot(op, 'console-return-shipping-decide');
  await decide.getByRole('button', { name: '确认运费补偿' }).click();
  await expect.poll(async () => (await op.reload(), (await fact(op, '运费补偿').textContent()) ?? '')).toBe('¥12.00 · 已退款');
  const refunds = op.getByRole('region', { name: '退款记录' });
  await expect(refunds.getByRole('row').filter({ hasText: '运费补偿' })).toContainText('¥12.00');
  await expect(refunds.getByRole('row').filter({ hasText: '运费补偿' })).toContainText('已退款');
  await expect(op.getByRole('form', { name: '运费补偿' })).toHaveCount(0);
  await shot(op, 'console-return-shipping');

  // The shopper: 运费补偿 ¥12.00 已退款 on the request (its timeline too) and on the order.
  await page.reload();
  await expect(main.getByRole('heading', { name: '商家已收货' })).toBeVisible();
  await expect(main.getByTestId('return-shipping-refund')).toContainText('运费补偿 ¥12.00 已退款');
  await expect(main.getByRole('region', { name: '处理进度' })).toContainText('运费补偿 ¥12.00 已原路退回');
  // An exchange refunds no goods, but it does refund the shipping: the request's 退款金额 says both.
  await expect(main.locator('.order-totals > div', { hasText: '退款金额' })).toHaveText('退款金额换货不退货款，运费补偿另退');
  await shot(page, 'return-shipping-refunded');
  await page.goto(`/OrderDetail${pc}?orderNo=${orderNo}`);
  await expect(main.locator('.order-totals > div', { hasText: '运费补偿' })).toHaveText('运费补偿¥12.00 已退款');
  await expect(main.locator('.order-totals')).not.toContainText('已退款¥');
  await shot(page, 'return-shipping-order');
  await op.context().close();
});
