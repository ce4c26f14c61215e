/**
 * 到货通知 (docs/states.md#stock-notices, docs/api.md#stock-notices): a logged-in shopper waits for a
 * sold-out option (once, however often asked), a visitor is refused, an option in stock is 409; when
 * stock comes back (the console's stock edit, a cancelled order) every waiting shopper gets exactly one
 * SMS and the notice is marked sent, even when two restocks race; other notices stay as they were.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as adminProductGet } from '@/app/api/v1/admin/products/[id]/route';
import { PUT as skuPut } from '@/app/api/v1/admin/skus/[id]/route';
import { POST as cancelPost } from '@/app/api/v1/orders/[orderNo]/cancel/route';
import { GET as noticesGet } from '@/app/api/v1/stock-notices/route';
import { DELETE as noticeDelete, PUT as noticePut } from '@/app/api/v1/stock-notices/[id]/route';
import { getDb } from '@/lib/server/db/client';
import { stockNotices } from '@/lib/server/db/schema';
import type { AdminProduct } from '@/lib/server/modules/catalog';
import { skusRestocked } from '@/lib/server/modules/shopper-lists';
import type { StockNotice } from '@/lib/server/views/stock-notices';
import { setSmsProvider, type SmsMessage } from '@/lib/server/sms/provider';
import { loginOperator, placeOrder } from './admin-session';
import { call, ctx, fails, loginNew, makeSku, ok, req, setSku, stockOf, type Shopper } from './session';

const sent: SmsMessage[] = [];
beforeAll(() => setSmsProvider({ send: async (m) => void sent.push(m) }));
afterAll(() => setSmsProvider(null));
beforeEach(() => {
  sent.length = 0;
});

const subscribe = (u: Shopper | null, skuId: number | string) =>
  call<StockNotice[]>(noticePut, req('PUT', `/stock-notices/${skuId}`, {}, u ? { token: u.token } : {}), ctx({ id: skuId }));
const withdraw = (u: Shopper, skuId: number) => ok<StockNotice[]>(noticeDelete, req('DELETE', `/stock-notices/${skuId}`, undefined, { token: u.token }), ctx({ id: skuId }));
const mine = (u: Shopper) => ok<StockNotice[]>(noticesGet, req('GET', '/stock-notices', undefined, { token: u.token }));
const smsTo = (u: Shopper) => sent.filter((m) => m.template === 'stock_back' && m.phone === u.phone);

async function noticeRows(skuId: number, userId: number) {
  const db = await getDb();
  return db.select().from(stockNotices).where(and(eq(stockNotices.skuId, skuId), eq(stockNotices.userId, userId)));
}

async function setStockAsOperator(op: Shopper, skuId: number, productId: number, stock: number) {
  const p = await ok<AdminProduct>(adminProductGet, req('GET', `/admin/products/${productId}`, undefined, { token: op.token }), ctx({ id: productId }));
  const s = p.skus.find((x) => x.id === skuId)!;
  return ok(skuPut, req('PUT', `/admin/skus/${skuId}`, { priceFen: s.priceFen, listPriceFen: s.listPriceFen, stock, version: s.version }, { token: op.token }), ctx({ id: skuId }));
}

describe('PUT /stock-notices/{skuId}', () => {
  it('a logged-in shopper waits once for a sold-out option, however often asked; GET lists it', async () => {
    const sku = await makeSku({ stock: 0 });
    const a = await loginNew();
    const first = await subscribe(a, sku.skuId);
    expect(first.body.resultCode, first.body.message).toBe(200);
    expect(first.body.message).toBe('到货后将短信通知您');
    expect(first.body.data).toEqual([expect.objectContaining({ skuId: sku.skuId, productId: sku.productId, productName: sku.productName, skuName: sku.skuName })]);
    expect((await subscribe(a, sku.skuId)).body.resultCode).toBe(200);
    expect(await noticeRows(sku.skuId, a.userId)).toHaveLength(1);
    expect((await mine(a)).map((n) => n.skuId)).toEqual([sku.skuId]);
    expect(smsTo(a)).toHaveLength(0);
  });

  it('a visitor is asked to log in (416); an option in stock is 409; an unknown or off-sale option 404', async () => {
    const soldOut = await makeSku({ stock: 0 });
    const { res, body } = await subscribe(null, soldOut.skuId);
    expect(res.status).toBe(401);
    expect(body.resultCode).toBe(416);
    const db = await getDb();
    expect(await db.select().from(stockNotices).where(eq(stockNotices.skuId, soldOut.skuId))).toHaveLength(0);

    const a = await loginNew();
    const inStock = await makeSku({ stock: 5 });
    expect(await fails(409, noticePut, req('PUT', `/stock-notices/${inStock.skuId}`, {}, { token: a.token }), ctx({ id: inStock.skuId }))).toBe('该规格有货，可直接购买');
    expect(await noticeRows(inStock.skuId, a.userId)).toHaveLength(0);
    expect((await subscribe(a, 2_000_000_000)).body.resultCode).toBe(404);
    expect((await subscribe(a, 'abc')).body.resultCode).toBe(404);
    await setSku(soldOut.skuId, { onSale: false });
    expect((await subscribe(a, soldOut.skuId)).body.resultCode).toBe(404);
  });

  it("DELETE withdraws the shopper's own notice only; GET shows each shopper only their own", async () => {
    const sku = await makeSku({ stock: 0 });
    const a = await loginNew();
    const b = await loginNew();
    await subscribe(a, sku.skuId);
    await subscribe(b, sku.skuId);
    expect(await withdraw(a, sku.skuId)).toEqual([]);
    expect(await noticeRows(sku.skuId, a.userId)).toHaveLength(0);
    expect(await noticeRows(sku.skuId, b.userId)).toHaveLength(1);
    expect((await mine(b)).map((n) => n.skuId)).toEqual([sku.skuId]);
    expect(await mine(a)).toEqual([]);
  });
});

describe('when stock comes back', () => {
  it("the console's stock edit 0 → 3 sends each waiting shopper one SMS and marks the notice; a second edit sends nothing", async () => {
    const op = await loginOperator();
    const sku = await makeSku({ stock: 0 });
    const other = await makeSku({ stock: 0 });
    const a = await loginNew();
    const b = await loginNew();
    const c = await loginNew();
    await subscribe(a, sku.skuId);
    await subscribe(b, sku.skuId);
    await subscribe(c, other.skuId);

    await setStockAsOperator(op, sku.skuId, sku.productId, 3);
    expect(smsTo(a)).toEqual([{ phone: a.phone, template: 'stock_back', params: { product: `${sku.productName} ${sku.skuName}`, productId: String(sku.productId) } }]);
    expect(smsTo(b)).toHaveLength(1);
    expect(smsTo(c)).toHaveLength(0);
    expect((await noticeRows(sku.skuId, a.userId))[0].notifiedAt).toBeInstanceOf(Date);
    expect(await mine(a)).toEqual([]);
    // another shopper's notice of another option is untouched
    expect((await noticeRows(other.skuId, c.userId))[0].notifiedAt).toBeNull();

    await setStockAsOperator(op, sku.skuId, sku.productId, 8);
    expect(smsTo(a)).toHaveLength(1);
    expect(smsTo(b)).toHaveLength(1);

    // Sold out again: the shopper may wait anew (a second notice beside the sent one), and is told again.
    await setStockAsOperator(op, sku.skuId, sku.productId, 0);
    expect((await subscribe(a, sku.skuId)).body.resultCode).toBe(200);
    expect(await noticeRows(sku.skuId, a.userId)).toHaveLength(2);
    await setStockAsOperator(op, sku.skuId, sku.productId, 1);
    expect(smsTo(a)).toHaveLength(2);
  });

  it('two orders cancelled at once return the last units: the waiting shopper gets exactly one SMS', async () => {
    const sku = await makeSku({ stock: 2 });
    const x = await placeOrder({ sku });
    const y = await placeOrder({ sku });
    expect(await stockOf(sku.skuId)).toBe(0);
    const a = await loginNew();
    await subscribe(a, sku.skuId);

    const cancel = (o: typeof x) => call(cancelPost, req('POST', `/orders/${o.order.orderNo}/cancel`, { reason: '不想要了' }, { token: o.buyer.token }), ctx({ orderNo: o.order.orderNo }));
    const results = await Promise.all([cancel(x), cancel(y)]);
    for (const r of results) expect(r.body.resultCode, r.body.message).toBe(200);
    expect(await stockOf(sku.skuId)).toBe(2);
    expect(smsTo(a)).toHaveLength(1);
    const [row] = await noticeRows(sku.skuId, a.userId);
    expect(row.notifiedAt).toBeInstanceOf(Date);
  });

  it('ten restocks racing (two instances or more) still send each notice once', async () => {
    const op = await loginOperator();
    const sku = await makeSku({ stock: 0 });
    const shoppers = await Promise.all([loginNew(), loginNew(), loginNew()]);
    for (const s of shoppers) await subscribe(s, sku.skuId);
    await setSku(sku.skuId, { stock: 5 });
    const counts = await Promise.all(Array.from({ length: 10 }, () => skusRestocked([sku.skuId])));
    expect(counts.reduce((n, c) => n + c, 0)).toBe(3);
    for (const s of shoppers) expect(smsTo(s)).toHaveLength(1);
    // and the operator's edit afterwards finds nothing left to send
    await setStockAsOperator(op, sku.skuId, sku.productId, 6);
    expect(sent.filter((m) => m.template === 'stock_back')).toHaveLength(3);
  });
});
