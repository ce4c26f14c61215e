/**
 * Coupon rules on PGlite and PostgreSQL (docs/coupons.md) that the other coupon files leave out: the
 * coupon coming back when its unpaid order is cancelled by the operator or by the clock, and when
 * after-sales brings the whole of a paid order's money back (not after a part); a fixed validity
 * window at claiming and at checkout; a category coupon's threshold, amount and split; a 折扣券's cap
 * and its rounding.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as operatorCancelPost } from '@/app/api/v1/admin/orders/[orderNo]/cancel/route';
import { POST as adminCreate } from '@/app/api/v1/admin/coupons/route';
import { GET as centreGet } from '@/app/api/v1/coupons/route';
import { GET as mineGet } from '@/app/api/v1/user/coupons/route';
import { getDb } from '@/lib/server/db/client';
import { categories, coupons, couponTemplates, orderItems, products } from '@/lib/server/db/schema';
import type { AdminCouponTemplate } from '@/lib/server/modules/coupons';
import type { CentreCoupon, MyCoupon } from '@/lib/server/modules/coupons';
import type { AdminOrder } from '@/lib/server/flows/order-admin';
import { sweepOrders } from '@/lib/server/flows/order-sweep';
import { type Order } from '@/lib/server/views/orders-detail';
import { settleRefund } from '@/lib/server/flows/refund-settled';
import { afterSalesSuite, ask, bought, buyer, desk, draft, expectOk, readOrder, refundDesk, refundsOfOrder, shopper, type Buyer } from './after-sales-kit';
import { claim, claimOk, give, items, order, preview, type TemplateFields } from './coupon-kit';
import { call, ctx, expire, makeSku, ok, orderRow, req, stockOf, type Shopper, type SkuFixture } from './session';

// The after-sales tests pay through the demo gateway and approve in the console; the others need only the operator.
let op: Shopper;
afterSalesSuite((o) => (op = o));

const DAY = 86_400_000;

const couponRow = async (id: number) => (await (await getDb()).select().from(coupons).where(eq(coupons.id, id)))[0];
const mine = (u: Shopper, status = 'unused') => ok<MyCoupon[]>(mineGet, req('GET', `/user/coupons?status=${status}`, undefined, { token: u.token }));


async function placed(b: Buyer, body: Record<string, unknown>): Promise<Order> {
  const { body: env } = await order(b, body);
  expect(env.resultCode, env.message).toBe(200);
  return env.data!;
}

/** The order's lines as stored, by SKU: what each line was discounted by and what was paid for it. */
async function storedLines(orderNo: string): Promise<Map<number, { discountFen: number; paidFen: number }>> {
  const rows = await (await getDb()).select().from(orderItems).where(eq(orderItems.orderId, (await orderRow(orderNo)).id));
  return new Map(rows.map((r) => [r.skuId, { discountFen: r.discountFen, paidFen: r.paidFen }]));
}

describe('an unpaid order cancelled gives its coupon back', () => {
  it('by the operator (取消订单 in the console): unused, no order, in 我的优惠券 and chosen at the next checkout', async () => {
    const b = await buyer();
    const sku = await makeSku({ priceFen: 19_900 });
    const id = await give(b, { name: '商家取消退回', amountFen: 1_500 });
    const o = await placed(b, { items: items([sku, 1]) });
    expect(o).toMatchObject({ discountFen: 1_500, totalFen: 18_400 });
    expect(await couponRow(id)).toMatchObject({ status: 'used', orderId: (await orderRow(o.orderNo)).id });
    expect(await mine(b)).toEqual([]);

    const cancelled = await call<AdminOrder>(operatorCancelPost, req('POST', `/admin/orders/${o.orderNo}/cancel`, { reason: '库存核对有误' }, { token: op.token }), ctx({ orderNo: o.orderNo }));
    expect(cancelled.body.resultCode, cancelled.body.message).toBe(200);
    expect((await orderRow(o.orderNo)).status).toBe('cancelled');
    expect(await couponRow(id)).toMatchObject({ status: 'unused', orderId: null, usedAt: null });
    expect((await mine(b)).map((c) => [c.id, c.status, c.orderNo])).toEqual([[id, 'unused', null]]);
    expect((await preview(b, { items: items([sku, 1]) })).body.data).toMatchObject({ coupon: { id }, discountFen: 1_500, totalFen: 18_400 });
  });

  it('by the clock (the sweep of overdue unpaid orders): the overdue order’s coupon is unused again, an order still in time keeps its own', async () => {
    const b = await buyer();
    const sku = await makeSku({ priceFen: 19_900 });
    const late = await give(b, { name: '超时退回', amountFen: 2_000 });
    const overdue = await placed(b, { items: items([sku, 1]), couponId: late });
    const kept = await give(b, { name: '未超时', amountFen: 1_000 });
    const inTime = await placed(b, { items: items([sku, 1]), couponId: kept });
    expect([overdue.discountFen, inTime.discountFen]).toEqual([2_000, 1_000]);

    await expire(overdue.orderNo);
    expect((await sweepOrders()).cancelled).toBeGreaterThanOrEqual(1);
    expect(await orderRow(overdue.orderNo)).toMatchObject({ status: 'cancelled', cancelReason: '超时未支付，系统自动取消' });
    expect(await couponRow(late)).toMatchObject({ status: 'unused', orderId: null });
    // The sweep only touches overdue orders: the one still in time keeps its coupon.
    expect((await orderRow(inTime.orderNo)).status).toBe('pending_payment');
    expect(await couponRow(kept)).toMatchObject({ status: 'used', orderId: (await orderRow(inTime.orderNo)).id });
    expect((await mine(b)).map((c) => c.id)).toEqual([late]);
  });
});

describe('after-sales and the coupon', () => {
  it('one request for every unit of every line, approved and its refund settled: the order 已退款 and its coupon unused again', async () => {
    refundDesk.mode = 'later';
    const u = await buyer();
    const a = await makeSku({ priceFen: 6_000 });
    const c = await makeSku({ priceFen: 4_000 });
    const id = await give(u, { name: '售后全退', amountFen: 1_000 });
    const o = await bought(u, op, [{ sku: a, quantity: 2 }, { sku: c }], 'shipped');
    expect(o).toMatchObject({ itemsTotalFen: 16_000, shippingFen: 0, discountFen: 1_000, totalFen: 15_000 });
    const lineOf = (s: SkuFixture) => o.lines.findIndex((l) => l.skuId === s.skuId);

    const request = await ask(u, draft(o, 'refund_only', 'not_received', [[lineOf(a), 2], [lineOf(c), 1]]));
    expect(request).toMatchObject({ status: 'pending_review', refundFen: 15_000 });
    expect((await expectOk(desk.approve(op, request.afterSaleNo))).status).toBe('refunding');
    // The money is still on its way: the order is 退款中 and the coupon waits for it.
    expect((await readOrder(u, o.orderNo)).status).toBe('refunding');
    expect((await couponRow(id)).status).toBe('used');

    const [r] = await refundsOfOrder(o.orderNo);
    expect(r.amountFen).toBe(15_000);
    expect(await settleRefund(r.id)).toBe(true);
    expect(await readOrder(u, o.orderNo)).toMatchObject({ status: 'refunded', refundedFen: 15_000 });
    expect(await couponRow(id)).toMatchObject({ status: 'unused', orderId: null });
    expect((await mine(u)).map((x) => [x.id, x.status])).toEqual([[id, 'unused']]);
  });

  it('退货退款 of one of two units after receipt keeps the coupon used; the request that brings the last unit back returns it', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 10_000 });
    const id = await give(u, { name: '售后部分退', amountFen: 2_000 });
    const o = await bought(u, op, [{ sku, quantity: 2 }], 'completed');
    expect(o).toMatchObject({ itemsTotalFen: 20_000, discountFen: 2_000, totalFen: 18_000 });
    const orderId = (await orderRow(o.orderNo)).id;

    /** A 七天无理由 return of `units` of the line, taken through approval, the waybill and 收货 (the refund settles at once). */
    async function returnUnits(units: number) {
      const a = await ask(u, draft(o, 'return_refund', 'seven_days', [[0, units]]));
      expect((await expectOk(desk.approve(op, a.afterSaleNo))).status).toBe('awaiting_return');
      expect((await expectOk(shopper.returnShipment(u, a.afterSaleNo))).status).toBe('returning');
      expect((await expectOk(desk.receive(op, a.afterSaleNo, true))).status).toBe('refunded');
      return a;
    }

    const first = await returnUnits(1);
    expect(first.refundFen).toBe(9_000);
    expect(await readOrder(u, o.orderNo)).toMatchObject({ status: 'completed', refundedFen: 9_000 });
    expect(await couponRow(id)).toMatchObject({ status: 'used', orderId });
    expect(await mine(u)).toEqual([]);

    const last = await returnUnits(1);
    expect(last.refundFen).toBe(9_000);
    expect(await readOrder(u, o.orderNo)).toMatchObject({ status: 'refunded', refundedFen: 18_000 });
    expect(await couponRow(id)).toMatchObject({ status: 'unused', orderId: null });
  });

  it('returning only the paid line while keeping the one the coupon made free refunds all the money but keeps the coupon used', async () => {
    const u = await buyer();
    const free = await makeSku({ priceFen: 3_000 });
    const paid = await makeSku({ priceFen: 10_000 });
    const id = await give(u, { name: '单品全免', amountFen: 10_000, scopeType: 'products', scopeIds: [free.productId] });
    const o = await bought(u, op, [{ sku: free }, { sku: paid }], 'completed');
    expect(o.discountFen).toBe(3_000);
    const lines = await storedLines(o.orderNo);
    expect(lines.get(free.skuId)).toEqual({ discountFen: 3_000, paidFen: 0 });

    const a = await ask(u, draft(o, 'return_refund', 'seven_days', [[o.lines.findIndex((l) => l.skuId === paid.skuId), 1]]));
    expect((await expectOk(desk.approve(op, a.afterSaleNo))).status).toBe('awaiting_return');
    expect((await expectOk(shopper.returnShipment(u, a.afterSaleNo))).status).toBe('returning');
    expect((await expectOk(desk.receive(op, a.afterSaleNo, true))).status).toBe('refunded');
    // Every fen went back, so the order is 已退款; the shopper still has the free line, so the coupon stays spent.
    expect(await readOrder(u, o.orderNo)).toMatchObject({ status: 'refunded', refundedFen: o.totalFen });
    expect((await couponRow(id)).status).toBe('used');
    expect(await mine(u)).toEqual([]);
  });
});

describe('a template with a fixed validity window', () => {
  const fixed = (startAt: Date, endAt: Date, name: string) => ({
    name,
    kind: 'no_threshold',
    amountFen: 1_000,
    scope: { type: 'all' },
    validity: { type: 'fixed', startAt: startAt.toISOString(), endAt: endAt.toISOString() },
    total: null,
    perUserLimit: 1,
    issue: 'claim',
  });
  const create = (body: unknown) => ok<AdminCouponTemplate>(adminCreate, req('POST', '/admin/coupons', body, { token: op.token }));

  it('claimed inside the window: the coupon’s window is the template’s, not counted from the claim', async () => {
    const t = await create(fixed(new Date(Date.now() - 2 * DAY), new Date(Date.now() + 5 * DAY), '固定窗口内'));
    const u = await buyer();
    const got = await claim(u, t.id);
    expect(got.body.message).toBe('领取成功');
    if (t.validity.type !== 'fixed') throw new Error('the console answered a fixed window as another kind');
    const { startAt, endAt } = t.validity;
    expect(got.body.data).toMatchObject({ status: 'unused', startsAt: startAt, endsAt: endAt });
    const row = await couponRow(got.body.data!.id);
    expect([row.startsAt.toISOString(), row.endsAt.toISOString()]).toEqual([startAt, endAt]);
  });

  it('after the window ended: 409 该券已过期, nothing issued, and the centre no longer lists it', async () => {
    const t = await create(fixed(new Date(Date.now() - 3 * DAY), new Date(Date.now() + DAY), '已结束的窗口'));
    // Made with a live window, then the clock runs past its end: the end is moved in the table, as the other tests age coupons.
    await (await getDb()).update(couponTemplates).set({ endsAt: new Date(Date.now() - 60_000) }).where(eq(couponTemplates.id, t.id));
    const u = await buyer();
    const refused = await claim(u, t.id);
    expect(refused.res.status).toBe(409);
    expect(refused.body.message).toBe('该券已过期');
    const [row] = await (await getDb()).select().from(couponTemplates).where(eq(couponTemplates.id, t.id));
    expect(row.issued).toBe(0);
    expect(await (await getDb()).$count(coupons, eq(coupons.templateId, t.id))).toBe(0);
    const centre = await ok<CentreCoupon[]>(centreGet, req('GET', '/coupons', undefined, { token: u.token }));
    expect(centre.find((c) => c.templateId === t.id)).toBeUndefined();
  });

  it('before the window opens the claim is taken (only a window that is over refuses it); at checkout the coupon is 未到使用时间 and naming it is 409, until the window opens', async () => {
    const startAt = new Date(Date.now() + 2 * DAY);
    const t = await create(fixed(startAt, new Date(Date.now() + 9 * DAY), '尚未开始'));
    const u = await buyer();
    const got = await claim(u, t.id);
    expect(got.body.resultCode, got.body.message).toBe(200);
    expect(got.body.data).toMatchObject({ status: 'unused', startsAt: startAt.toISOString() });
    const id = got.body.data!.id;

    const sku = await makeSku({ priceFen: 19_900, stock: 10 });
    const p = (await preview(u, { items: items([sku, 1]) })).body.data!;
    expect(p).toMatchObject({ coupon: null, discountFen: 0, totalFen: 19_900 });
    expect(p.usableCoupons.map((c) => [c.id, c.usable, c.discountFen, c.reason])).toEqual([[id, false, 0, '未到使用时间']]);
    const named = await order(u, { items: items([sku, 1]), couponId: id });
    expect(named.res.status).toBe(409);
    expect(named.body.message).toBe('该优惠券不可用：未到使用时间');
    // The refused order kept nothing: no stock taken, the coupon still unused.
    expect(await stockOf(sku.skuId)).toBe(10);
    expect(await couponRow(id)).toMatchObject({ status: 'unused', orderId: null });

    // Once its window has opened, the same coupon is the one the checkout applies.
    await (await getDb()).update(coupons).set({ startsAt: new Date(Date.now() - 60_000) }).where(eq(coupons.id, id));
    const o = await placed(u, { items: items([sku, 1]), couponId: id });
    expect(o).toMatchObject({ discountFen: 1_000, totalFen: 18_900 });
  });
});

describe('a category coupon at checkout', () => {
  /** Two of the seeded categories: every test SKU starts in the first; `inCategory` moves its product. */
  async function twoCategories(): Promise<[{ id: number; name: string }, { id: number; name: string }]> {
    const rows = await (await getDb()).select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.id)).limit(2);
    expect(rows).toHaveLength(2);
    return [rows[0], rows[1]];
  }
  async function inCategory(category: { id: number }, priceFen: number): Promise<SkuFixture> {
    const s = await makeSku({ priceFen });
    await (await getDb()).update(products).set({ categoryId: category.id }).where(eq(products.id, s.productId));
    return s;
  }

  it('its threshold counts only the lines of its category: ¥450 of goods with ¥150 of them in it does not reach 满 ¥200', async () => {
    const [catA, catB] = await twoCategories();
    const u = await buyer();
    const a1 = await inCategory(catA, 15_000);
    const a2 = await inCategory(catA, 8_000);
    const b1 = await inCategory(catB, 30_000);
    const id = await give(u, { name: '分类满减', kind: 'full_reduction', amountFen: 3_000, thresholdFen: 20_000, scopeType: 'categories', scopeIds: [catA.id] });

    const short = (await preview(u, { items: items([a1, 1], [b1, 1]) })).body.data!;
    expect(short).toMatchObject({ itemsTotalFen: 45_000, coupon: null, discountFen: 0, totalFen: 45_000 });
    expect(short.usableCoupons.map((c) => [c.id, c.usable, c.reason])).toEqual([[id, false, '适用商品未满 ¥200']]);
    const named = await order(u, { items: items([a1, 1], [b1, 1]), couponId: id });
    expect(named.res.status).toBe(409);
    expect(named.body.message).toBe('该优惠券不可用：适用商品未满 ¥200');

    // ¥230 of its category: it applies.
    const o = await placed(u, { items: items([a1, 1], [b1, 1], [a2, 1]) });
    expect(o).toMatchObject({ itemsTotalFen: 53_000, discountFen: 3_000, totalFen: 50_000 });
    const lines = await storedLines(o.orderNo);
    expect(lines.get(b1.skuId)).toEqual({ discountFen: 0, paidFen: 30_000 });
    // 3000 × 15000/23000 = 1956.5 → 1956; 3000 × 8000/23000 = 1043.5 → 1043, and the 1 fen left to the last.
    expect(lines.get(a1.skuId)).toEqual({ discountFen: 1_956, paidFen: 13_044 });
    expect(lines.get(a2.skuId)).toEqual({ discountFen: 1_044, paidFen: 6_956 });
  });

  it('its discount is a share of its category’s lines only, split over them; the other lines get 0', async () => {
    const [catA, catB] = await twoCategories();
    const u = await buyer();
    const a1 = await inCategory(catA, 14_999);
    const a2 = await inCategory(catA, 8_000);
    const b1 = await inCategory(catB, 30_000);
    const id = await give(u, { name: '分类九折', kind: 'percent', amountFen: null, percent: 10, capFen: null, scopeType: 'categories', scopeIds: [catA.id] });

    const o = await placed(u, { items: items([a1, 1], [b1, 1], [a2, 2]), couponId: id });
    // 10% of 14999 + 16000 = 30999 → 3099 (of the whole ¥609.99 it would be 6099).
    expect(o).toMatchObject({ itemsTotalFen: 60_999, shippingFen: 0, discountFen: 3_099, totalFen: 57_900, coupon: { name: '分类九折', face: '9折' } });
    const lines = await storedLines(o.orderNo);
    expect(lines.get(b1.skuId)).toEqual({ discountFen: 0, paidFen: 30_000 });
    expect(lines.get(a1.skuId)).toEqual({ discountFen: 1_499, paidFen: 13_500 });
    expect(lines.get(a2.skuId)).toEqual({ discountFen: 1_600, paidFen: 14_400 });
  });

  it('an order with no line of its category lists it 不适用于所选商品 and naming it is 409', async () => {
    const [catA, catB] = await twoCategories();
    const u = await buyer();
    const b1 = await inCategory(catB, 30_000);
    const id = await give(u, { name: '别的分类', amountFen: 1_000, scopeType: 'categories', scopeIds: [catA.id] });
    const p = (await preview(u, { items: items([b1, 1]) })).body.data!;
    expect(p).toMatchObject({ coupon: null, discountFen: 0, totalFen: 30_000 });
    expect(p.usableCoupons.map((c) => [c.id, c.usable, c.reason, c.scopeText])).toEqual([[id, false, '不适用于所选商品', `限「${catA.name}」可用`]]);
    const named = await order(u, { items: items([b1, 1]), couponId: id });
    expect(named.res.status).toBe(409);
    expect(named.body.message).toBe('该优惠券不可用：不适用于所选商品');
    expect(await couponRow(id)).toMatchObject({ status: 'unused', orderId: null });
  });
});

describe('a 折扣券 with a cap', () => {
  const eightyPercent: TemplateFields = { name: '8折最高减50', kind: 'percent', amountFen: null, percent: 20, capFen: 5_000 };

  it('20% off a ¥1,299 line stops at the cap: exactly 5000 fen off, ¥1,249 to pay', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 129_900 });
    const id = await give(u, eightyPercent);
    const p = (await preview(u, { items: items([sku, 1]) })).body.data!;
    expect(p.coupon).toMatchObject({ id, face: '8折', condition: '无门槛，最高减 ¥50', discountFen: 5_000 });
    const o = await placed(u, { items: items([sku, 1]) });
    expect(o).toMatchObject({ itemsTotalFen: 129_900, shippingFen: 0, discountFen: 5_000, totalFen: 124_900 });
    expect((await storedLines(o.orderNo)).get(sku.skuId)).toEqual({ discountFen: 5_000, paidFen: 124_900 });
    expect((await couponRow(id)).status).toBe('used');
  });

  it('below the cap it is floor(eligible × 20 / 100), never rounded up; shipping is paid in full', async () => {
    const u = await buyer();
    const near = await makeSku({ priceFen: 24_999 });
    const small = await makeSku({ priceFen: 8_999 });
    const first = await couponRow(await give(u, eightyPercent));
    const second = await claimOk(u, first.templateId);

    // 24999 × 20% = 4999.8: 4999 off, one fen under the cap.
    const o1 = await placed(u, { items: items([near, 1]), couponId: first.id });
    expect(o1).toMatchObject({ itemsTotalFen: 24_999, shippingFen: 0, discountFen: 4_999, totalFen: 20_000 });
    // 8999 × 20% = 1799.8 → 1799 off the goods; the ¥10 shipping (under ¥99) is not discounted.
    const o2 = await placed(u, { items: items([small, 1]), couponId: second });
    expect(o2).toMatchObject({ itemsTotalFen: 8_999, shippingFen: 1_000, discountFen: 1_799, totalFen: 8_200 });
    expect((await storedLines(o2.orderNo)).get(small.skuId)).toEqual({ discountFen: 1_799, paidFen: 7_200 });
  });
});
