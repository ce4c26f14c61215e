/**
 * An approved after-sales request of a new shopper's received order, made over the API (the apply form
 * and the console's 同意 are after-sales.spec's), for the specs that start on the request's page.
 */
import type { Browser, Page } from '@playwright/test';
import { loginNewShopper } from './login';
import { addAddressByApi, apiPost, firstSkuId, operatorConsole, payOrderInDemo, placeOrder } from './pay';

type Ask = { type: 'return_refund' | 'exchange'; reason: string; description?: string };

/**
 * `page`'s new shopper buys one of `product`, pays, the operator (`operatorPhone`) ships it, the shopper
 * confirms receipt and asks `ask` of its line, which the operator approves (待寄回). The operator's
 * console page stays open for the spec.
 */
export async function approvedRequest(page: Page, browser: Browser, operatorPhone: string, product: number, ask: Ask): Promise<{ orderNo: string; afterSaleNo: string; op: Page }> {
  await loginNewShopper(page);
  await addAddressByApi(page);
  const orderNo = await placeOrder(page, await firstSkuId(page, product));
  await payOrderInDemo(page, orderNo);
  const op = await operatorConsole(browser, operatorPhone);
  await apiPost(op, `/admin/orders/${orderNo}/ship`, { carrier: '顺丰速运', trackingNo: `SF${orderNo.slice(-12)}` });
  await apiPost(page, `/orders/${orderNo}/confirm`);
  const order = (await (await page.request.get(`/api/v1/orders/${orderNo}`)).json()) as { data: { lines: { id: number }[] } };
  const { afterSaleNo } = await apiPost<{ afterSaleNo: string }>(page, '/aftersales', { orderNo, ...ask, items: [{ orderItemId: order.data.lines[0].id, quantity: 1 }] });
  await apiPost(op, `/admin/aftersales/${afterSaleNo}/approve`);
  return { orderNo, afterSaleNo, op };
}
