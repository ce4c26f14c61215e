/**
 * 申请售后 from a line of an order, on a desktop and a phone (docs/after-sales.md#rules): the form opens
 * with the line asked for ticked — the second line's link ticks the second line, not the first — and
 * the words of a shop-fault exchange say what happens: nothing is refunded, the new goods go out free
 * (never 「退还订单运费」).
 */
import { expect, test, type Page } from '@playwright/test';
import { OPERATORS } from './env';
import { loginNewShopper } from './login';
import { addAddressByApi, firstSkuId, payOrderInDemo, shipByApi } from './pay';
import { shot } from './shot';

const XRW = { 'X-Requested-With': 'XMLHttpRequest' };

async function twoLineOrder(page: Page): Promise<string> {
  const addresses = (await (await page.request.get('/api/v1/addresses')).json()) as { data: { id: number }[] };
  const items = [
    { skuId: await firstSkuId(page, 10913), quantity: 1 },
    { skuId: await firstSkuId(page, 10914), quantity: 1 },
  ];
  const made = await (await page.request.post('/api/v1/orders', { headers: XRW, data: { items, addressId: addresses.data[0].id, idempotencyKey: `e2e-line-${Date.now()}` } })).json();
  expect(made.resultCode, made.message).toBe(200);
  return made.data.orderNo as string;
}

test('申请售后 on the second line ticks the second line; an exchange\'s words refund nothing', async ({ page }, info) => {
  test.setTimeout(150_000);
  const mobile = info.project.name === 'mobile';
  const pc = mobile ? '' : 'PC';
  await loginNewShopper(page);
  await addAddressByApi(page);
  const orderNo = await twoLineOrder(page);
  await payOrderInDemo(page, orderNo);
  await shipByApi(orderNo, { operator: mobile ? OPERATORS.applyLineMobile : OPERATORS.applyLineDesktop, ip: mobile ? '198.51.100.99' : '198.51.100.98', carrier: '顺丰速运', trackingNo: `SF${orderNo.slice(-12)}` });

  await page.goto(`/OrderDetail${pc}?orderNo=${orderNo}`);
  const lineLinks = page.locator('main a.line-after-sale');
  await expect(lineLinks).toHaveCount(2);
  await lineLinks.nth(1).click();
  await expect(page).toHaveURL(/item=\d+/);

  const lines = page.locator('main li.after-sale-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(1).getByRole('checkbox')).toBeChecked();
  await expect(lines.nth(0).getByRole('checkbox')).not.toBeChecked();

  // Back, and the first line's link: now the first is ticked (a new form, not the last one's state).
  await page.goBack();
  await lineLinks.nth(0).click();
  await expect(lines.nth(0).getByRole('checkbox')).toBeChecked();
  await expect(lines.nth(1).getByRole('checkbox')).not.toBeChecked();

  // 换货 for 商品质量问题: the hint says what an exchange does.
  await page.getByRole('radio', { name: '换货' }).check();
  await page.getByRole('radio', { name: /^商品质量问题/ }).check();
  const hint = page.locator('main .after-sale-hint');
  await expect(hint).toContainText('商家原因：换货不退款，换新商品由商家免运费寄出');
  await expect(page.locator('main')).not.toContainText('退还订单运费');
  await shot(page, 'after-sale-apply-exchange', { fullPage: false });
  // 退货退款 for the same reason does refund the order's shipping.
  await page.getByRole('radio', { name: '退货退款' }).check();
  await page.getByRole('radio', { name: /^商品质量问题/ }).check();
  await expect(hint).toContainText('商家原因：退还订单运费');
});
