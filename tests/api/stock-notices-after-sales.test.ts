/**
 * 到货通知 when after-sales puts units back on the shelf (docs/states.md#stock-notices): 仅退款 of a
 * line not yet shipped returns the last unit, and the shopper waiting for it gets one SMS.
 */
import { expect, it } from 'vitest';
import { PUT as noticePut } from '@/app/api/v1/stock-notices/[id]/route';
import { afterSalesSuite, ask, bought, buyer, draft, smsSent } from './after-sales-kit';
import { ctx, loginNew, makeSku, ok, req, stockOf, type Shopper } from './session';

let op: Shopper;
afterSalesSuite((o) => (op = o), { sms: true });

it('仅退款 before shipment returns the last unit: the waiting shopper is told once', async () => {
  const u = await buyer();
  const sku = await makeSku({ priceFen: 5_000, stock: 1 });
  const o = await bought(u, op, [{ sku, quantity: 1 }], 'paid');
  expect(await stockOf(sku.skuId)).toBe(0);
  const waiting = await loginNew();
  await ok(noticePut, req('PUT', `/stock-notices/${sku.skuId}`, {}, { token: waiting.token }), ctx({ id: sku.skuId }));

  const a = await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]]));
  expect(a.status).toBe('refunded');
  expect(await stockOf(sku.skuId)).toBe(1);
  expect(smsSent.filter((m) => m.template === 'stock_back' && m.phone === waiting.phone)).toEqual([
    { phone: waiting.phone, template: 'stock_back', params: { product: `${sku.productName} ${sku.skuName}`, productId: String(sku.productId) } },
  ]);
});
