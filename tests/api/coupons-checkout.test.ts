/**
 * Coupons at checkout, on PGlite and PostgreSQL (docs/coupons.md#discount): the preview lists the
 * shopper's coupons for exactly these lines and picks the best; another, none, or a code may be
 * chosen; the discount is split over the lines in fen and never leaves less than ¥0.01 to pay; one
 * coupon pays one order even when 20 are sent at once; a cancelled order gives its coupon back.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as orderGet } from '@/app/api/v1/orders/[orderNo]/route';
import { POST as cancelPost } from '@/app/api/v1/orders/[orderNo]/cancel/route';
import { POST as previewPost } from '@/app/api/v1/orders/preview/route';
import { GET as mineGet } from '@/app/api/v1/user/coupons/route';
import { getDb } from '@/lib/server/db/client';
import { coupons, couponTemplates, orderItems } from '@/lib/server/db/schema';
import type { Order } from '@/lib/server/views/orders-detail';
import type { Preview } from '@/lib/server/flows/checkout';
import type { MyCoupon } from '@/lib/server/modules/coupons';
import { give, insertTemplate as template, items, order, preview } from './coupon-kit';
import { buyer, call, ctx, makeSku, ok, orderRow, req, stockOf } from './session';

describe('the checkout’s coupons', () => {
  it('lists every coupon for these lines, the best chosen; the others say why not', async () => {
    const b = await buyer();
    const sku = await makeSku({ priceFen: 19_900 });
    const other = await makeSku({ priceFen: 9_900 });
    const best = await give(b, { name: '满199减30', kind: 'full_reduction', amountFen: 3000, thresholdFen: 19_900 });
    await give(b, { name: '无门槛5元', amountFen: 500 });
    await give(b, { name: '满500减80', kind: 'full_reduction', amountFen: 8000, thresholdFen: 50_000 });
    await give(b, { name: '别的商品专用', scopeType: 'products', scopeIds: [other.productId] });
    const expired = await give(b, { name: '过期大额券', amountFen: 9000 });
    await (await getDb()).update(coupons).set({ endsAt: new Date(Date.now() - 60_000) }).where(eq(coupons.id, expired));
    const p = (await preview(b, { items: items([sku, 1]) })).body.data!;
    expect(p.coupon).toMatchObject({ id: best, name: '满199减30', discountFen: 3000 });
    expect(p).toMatchObject({ itemsTotalFen: 19_900, shippingFen: 0, discountFen: 3000, totalFen: 16_900 });
    expect(p.usableCoupons.map((c) => [c.name, c.usable, c.reason])).toEqual([
      ['满199减30', true, null],
      ['无门槛5元', true, null],
      ['满500减80', false, '适用商品未满 ¥500'],
      ['别的商品专用', false, '不适用于所选商品'],
      ['过期大额券', false, '已过期'],
    ]);
    // An expired one is never applied, even when named.
    const named = await preview(b, { items: items([sku, 1]), couponId: expired });
    expect(named.res.status).toBe(409);
    expect(named.body.message).toBe('该优惠券不可用：已过期');
  });

  it('another coupon, none, or a code; one that cannot be used is refused with why; another shopper’s is not found', async () => {
    const b = await buyer();
    const stranger = await buyer();
    const sku = await makeSku({ priceFen: 19_900 });
    const small = await give(b, { name: '无门槛5元', amountFen: 500 });
    await give(b, { name: '无门槛10元', amountFen: 1000 });
    const far = await give(b, { name: '满500减80', kind: 'full_reduction', amountFen: 8000, thresholdFen: 50_000 });
    const theirs = await give(stranger, { name: '别人的券', amountFen: 5000 });
    expect((await preview(b, { items: items([sku, 1]), couponId: small })).body.data).toMatchObject({ discountFen: 500, totalFen: 19_400 });
    expect((await preview(b, { items: items([sku, 1]), couponId: null })).body.data).toMatchObject({ coupon: null, discountFen: 0, totalFen: 19_900 });
    const refused = await preview(b, { items: items([sku, 1]), couponId: far });
    expect(refused.res.status).toBe(409);
    expect(refused.body.message).toBe('该优惠券不可用：适用商品未满 ¥500');
    const notMine = await order(b, { items: items([sku, 1]), couponId: theirs });
    expect(notMine.res.status).toBe(409);
    expect(notMine.body.message).toBe('优惠券不存在、已使用或已过期');

    await template({ name: '码券', amountFen: 700, issue: 'code', code: `CK${Date.now() % 1_000_000}` });
    const [row] = await (await getDb()).select().from(couponTemplates).where(eq(couponTemplates.name, '码券'));
    const placed = await order(b, { items: items([sku, 1]), couponCode: row.code!.toLowerCase() });
    expect(placed.body.resultCode, placed.body.message).toBe(200);
    expect(placed.body.data).toMatchObject({ discountFen: 700, totalFen: 19_200, coupon: { name: '码券', face: '减 ¥7' } });
  });

  it('places the order with its discount split over the lines in fen; the coupon is used by it', async () => {
    const b = await buyer();
    const a = await makeSku({ priceFen: 3_333 });
    const c = await makeSku({ priceFen: 10_001 });
    const id = await give(b, { name: '85折', kind: 'percent', amountFen: null, percent: 15, capFen: 10_000 });
    const placed = await order(b, { items: items([a, 3], [c, 2]) });
    expect(placed.body.resultCode, placed.body.message).toBe(200);
    const o = placed.body.data!;
    // 9999 + 20002 = 30001; 15% rounded down = 4500.
    expect(o).toMatchObject({ itemsTotalFen: 30_001, shippingFen: 0, discountFen: 4500, totalFen: 25_501, coupon: { name: '85折', face: '8.5折' } });
    // The answer is built from the rows just written; reading the order gives the same view, lines in order.
    expect((await call<Order>(orderGet, req('GET', `/orders/${o.orderNo}`, undefined, { token: b.token }), ctx({ orderNo: o.orderNo }))).body.data).toEqual(o);
    const lines = await (await getDb()).select().from(orderItems).where(eq(orderItems.orderId, (await orderRow(o.orderNo)).id));
    expect(lines.reduce((n, l) => n + l.discountFen, 0)).toBe(4500);
    expect(lines.reduce((n, l) => n + l.paidFen, 0)).toBe(25_501);
    for (const l of lines) expect(l.paidFen + l.discountFen).toBe(l.priceFen * l.quantity);
    const [used] = await (await getDb()).select().from(coupons).where(eq(coupons.id, id));
    expect(used.status).toBe('used');
    const listed = await ok<MyCoupon[]>(mineGet, req('GET', '/user/coupons?status=used', undefined, { token: b.token }));
    expect(listed.map((x) => [x.id, x.orderNo])).toEqual([[id, o.orderNo]]);
    // It is gone from the next checkout.
    expect((await preview(b, { items: items([a, 1]) })).body.data!.usableCoupons).toEqual([]);
  });

  it('never leaves less than ¥0.01 to pay, and shipping is paid', async () => {
    const b = await buyer();
    const cheap = await makeSku({ priceFen: 3_000 });
    await give(b, { name: '大额无门槛', amountFen: 100_000 });
    const withShipping = (await preview(b, { items: items([cheap, 1]) })).body.data!;
    expect(withShipping).toMatchObject({ itemsTotalFen: 3000, shippingFen: 1000, discountFen: 3000, totalFen: 1000 });
    const service = await makeSku({ kind: 'service', priceFen: 3_000 });
    const noShipping = (await call<Preview>(previewPost, req('POST', '/orders/preview', { items: items([service, 1]) }, { token: b.token }))).body.data!;
    expect(noShipping).toMatchObject({ shippingFen: 0, discountFen: 2999, totalFen: 1 });
  });

  it('20 orders sent at once with one coupon: one order uses it, the others are refused and keep nothing', async () => {
    const b = await buyer();
    const sku = await makeSku({ priceFen: 19_900, stock: 100 });
    const id = await give(b, { name: '抢用', amountFen: 1000 });
    const results = await Promise.all(Array.from({ length: 20 }, () => order(b, { items: items([sku, 1]), couponId: id })));
    const won = results.filter((r) => r.body.resultCode === 200);
    expect(won).toHaveLength(1);
    expect(won[0].body.data).toMatchObject({ discountFen: 1000, totalFen: 18_900 });
    for (const r of results.filter((x) => x.body.resultCode !== 200)) expect(r.res.status).toBe(409);
    expect(await stockOf(sku.skuId)).toBe(99);
  });

  it('a cancelled order gives its coupon back while the coupon lasts; an expired one stays used', async () => {
    const b = await buyer();
    const sku = await makeSku({ priceFen: 19_900 });
    const id = await give(b, { name: '可退回', amountFen: 1000 });
    const o = (await order(b, { items: items([sku, 1]) })).body.data!;
    expect(o.discountFen).toBe(1000);
    const cancelled = await call(cancelPost, req('POST', `/orders/${o.orderNo}/cancel`, { reason: '不想要了' }, { token: b.token }), ctx({ orderNo: o.orderNo }));
    expect(cancelled.body.resultCode, cancelled.body.message).toBe(200);
    const db = await getDb();
    expect((await db.select().from(coupons).where(eq(coupons.id, id)))[0]).toMatchObject({ status: 'unused', orderId: null });

    const o2 = (await order(b, { items: items([sku, 1]) })).body.data!;
    expect(o2.discountFen).toBe(1000);
    await db.update(coupons).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(coupons.id, id));
    await call(cancelPost, req('POST', `/orders/${o2.orderNo}/cancel`, { reason: '不想要了' }, { token: b.token }), ctx({ orderNo: o2.orderNo }));
    expect((await db.select().from(coupons).where(eq(coupons.id, id)))[0].status).toBe('used');
  });
});
