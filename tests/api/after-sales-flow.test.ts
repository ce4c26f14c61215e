/**
 * After-sales moves through the API (docs/after-sales.md#moves), on PGlite and PostgreSQL: every
 * transition of the table as the shopper and the operator make it — 仅退款 before shipment at once,
 * 取消订单 of a paid order, 退货退款 and 换货 from 待审核 to the end, 拒绝 with its reason, 撤销 — with
 * the stock, refunds, order label, timeline, audit rows and SMS a user would notice; every move
 * outside the table is 409 and changes nothing; the clock's three moves (48 h approve, 7-day
 * withdraw, 7-day completion of an exchange).
 */
import { describe, expect, it } from 'vitest';
import { AFTER_SALE_RETURN_DAYS, AFTER_SALE_REVIEW_HOURS, RETURN_ADDRESS } from '@/lib/domain/after-sale-rules';
import { SHIPPING_FEN } from '@/lib/domain/shipping';
import { GET as dashboardGet } from '@/app/api/v1/admin/dashboard/route';
import { GET as adminOrderGet } from '@/app/api/v1/admin/orders/[orderNo]/route';
import type { AdminOrder } from '@/lib/server/flows/order-admin';
import type { Dashboard } from '@/lib/server/views/dashboard';
import { getDb } from '@/lib/server/db/client';
import { payments, refunds } from '@/lib/server/db/schema';
import { settleRefund } from '@/lib/server/flows/refund-settled';
import { sweepAfterSales } from '@/lib/server/modules/after-sales';
import { auditRows } from './admin-session';
import {
  afterSaleRow,
  afterSalesOfOrder,
  afterSalesSuite,
  ask,
  bought,
  buyer,
  type Buyer,
  cancelOrder,
  DAY,
  desk,
  draft,
  eventsOf,
  expectFail,
  expectOk,
  later,
  paymentOf,
  readOrder,
  refundDesk,
  refundsOfOrder,
  shopper,
  smsAbout,
} from './after-sales-kit';
import { ctx, makeSku, ok, orderRow, req, setSku, stockOf, type Shopper } from './session';

let op: Shopper;
afterSalesSuite((o) => (op = o), { sms: true });

/** The console's 待审核售后 and 退货待收货 cards. */
const dashboard = () => ok<Dashboard>(dashboardGet, req('GET', '/admin/dashboard', undefined, { token: op.token }));
const waiting = async () => {
  const d = await dashboard();
  return [d.afterSalesToReview, d.afterSalesToReceive];
};
const adminOrder = (orderNo: string) => ok<AdminOrder>(adminOrderGet, req('GET', `/admin/orders/${orderNo}`, undefined, { token: op.token }), ctx({ orderNo }));

const templates = (no: string) => smsAbout(no).map((m) => m.template);
const near = (iso: string | null, at: number) => expect(Math.abs(new Date(iso!).getTime() - at)).toBeLessThan(60_000);

describe('仅退款 before shipment and 取消订单', () => {
  it('仅退款 of a line not yet shipped is approved at once: stock back, the refund recorded and settled, the order 部分退款', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 5_000, stock: 10 });
    const takings0 = (await dashboard()).revenueTodayFen;
    const o = await bought(u, op, [{ sku, quantity: 2 }], 'paid');
    expect(await stockOf(sku.skuId)).toBe(8);
    expect((await dashboard()).revenueTodayFen).toBe(takings0 + 10_000);

    const a = await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]], { description: '拍多了一件' }));
    expect(a).toMatchObject({ type: 'refund_only', typeLabel: '仅退款', status: 'refunded', statusLabel: '已退款', reasonLabel: '不想要了/拍错了', fault: 'shopper', description: '拍多了一件' });
    expect(a.afterSaleNo).toMatch(/^\d{20}$/);
    expect([a.refundFen, a.shippingFen]).toEqual([5_000, 0]); // ¥100 of goods ships free: no shipping to give back
    expect(a.items).toEqual([expect.objectContaining({ orderItemId: o.lines[0].id, quantity: 1, refundFen: 5_000 })]);
    expect(a.timeline.map((e) => [e.status, e.actor])).toEqual([
      ['refunded', 'payment'],
      ['refunding', 'timer'],
      ['pending_review', 'shopper'],
    ]);
    expect(a.timeline[1].note).toContain('订单未发货');
    expect(a.timeline[0].note).toBe('退款 ¥50.00 已原路退回');
    expect(a.actions).toEqual({ cancel: false, returnShipment: false, confirm: false, pickup: false });
    expect(await stockOf(sku.skuId)).toBe(9);

    const p = await paymentOf(o.orderNo);
    const rows = await refundsOfOrder(o.orderNo);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ paymentId: p.id, afterSaleId: (await afterSaleRow(a.afterSaleNo)).id, amountFen: 5_000, status: 'succeeded' });
    expect(rows[0].refundedAt).not.toBeNull();
    expect(refundDesk.calls.filter((c) => c.refundNo === rows[0].refundNo)).toEqual([expect.objectContaining({ paymentNo: p.paymentNo, refundFen: 5_000, totalFen: 10_000 })]);

    const seen = await readOrder(u, o.orderNo);
    expect(seen).toMatchObject({ status: 'paid', statusLabel: '待发货', refundedFen: 5_000, afterSale: { state: 'partial', label: '部分退款' } });
    expect(seen.lines[0].afterSaleQuantity).toBe(1);
    // The console's takings of the day keep what the order kept.
    expect((await dashboard()).revenueTodayFen).toBe(takings0 + 5_000);
    // Approved by the shop at once: the shopper hears of the money only.
    expect(templates(a.afterSaleNo)).toEqual(['after_sale_refunded']);
    expect(smsAbout(a.afterSaleNo)[0]).toMatchObject({ phone: u.phone, params: { amount: '¥50.00' } });
  });

  it('取消订单 of a paid order not yet shipped: refunded at once with its shipping, stock back, 退款中 → 已退款', async () => {
    refundDesk.mode = 'later'; // WeChat-like: the refund settles when its notification comes
    const u = await buyer();
    const sku = await makeSku({ priceFen: 3_000, stock: 10 });
    const o = await bought(u, op, [{ sku, quantity: 2 }], 'paid');
    expect(o.totalFen).toBe(6_000 + SHIPPING_FEN);
    expect(o.actions.cancel).toBe(true);
    expect(await stockOf(sku.skuId)).toBe(8);

    const cancelled = await expectOk(cancelOrder(u, o.orderNo));
    expect(cancelled).toMatchObject({ status: 'refunding', statusLabel: '退款中', refundedFen: 7_000 });
    expect(cancelled.actions.cancel).toBe(false);
    expect(await stockOf(sku.skuId)).toBe(10);
    const [a] = await afterSalesOfOrder(o.orderNo);
    expect(a).toMatchObject({ type: 'refund_only', reason: 'no_longer_needed', status: 'refunding', refundFen: 7_000, shippingFen: SHIPPING_FEN });
    const [r] = await refundsOfOrder(o.orderNo);
    expect(r).toMatchObject({ amountFen: 7_000, status: 'processing', afterSaleId: a.id });

    expect(await settleRefund(r.id)).toBe(true);
    const done = await readOrder(u, o.orderNo);
    expect(done).toMatchObject({ status: 'refunded', statusLabel: '已退款', refundedFen: 7_000, afterSale: null });
    expect((await afterSaleRow(a.afterSaleNo)).status).toBe('refunded');
    expect((await orderRow(o.orderNo)).refundedAt).not.toBeNull();
    // Settling twice (the notification and the sweep) changes nothing more.
    expect(await settleRefund(r.id)).toBe(false);
    expect(templates(a.afterSaleNo)).toEqual(['after_sale_refunded']);
    expect(await stockOf(sku.skuId)).toBe(10);
    expect(await expectFail(409, cancelOrder(u, o.orderNo))).toMatch(/不能取消/);
  });
});

/** A request taken to 待寄回 (approved by the operator). */
async function approved(u: Buyer, d: ReturnType<typeof draft>) {
  const a = await ask(u, d);
  expect(a.status).toBe('pending_review');
  const seen = await expectOk(desk.approve(op, a.afterSaleNo));
  expect(seen.status).toBe(d.type === 'refund_only' ? 'refunded' : 'awaiting_return');
  return seen;
}

/** …and sent back (退货中). */
async function returning(u: Buyer, d: ReturnType<typeof draft>) {
  const a = await approved(u, d);
  const seen = await expectOk(shopper.returnShipment(u, a.afterSaleNo));
  expect(seen.status).toBe('returning');
  return seen;
}

describe('a double payment', () => {
  it("its refund is not the order's: 仅退款 still refunds from the payment that paid, and the order counts only that", async () => {
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 4_000 }), quantity: 2 }], 'paid');
    const paid = await paymentOf(o.orderNo);
    const db = await getDb();
    // A second payment of the same order, paid at the gateway a minute before the first (its clock
    // says so) and refunded whole as it settled: what a double payment leaves.
    const [dup] = await db
      .insert(payments)
      .values({ paymentNo: `${paid.paymentNo.slice(0, -4)}9999`, orderId: paid.orderId, channel: paid.channel, amountFen: paid.amountFen, status: 'succeeded', expiresAt: paid.expiresAt, paidAt: new Date(paid.paidAt!.getTime() - 60_000) })
      .returning();
    await db.insert(refunds).values({ refundNo: `R${Date.now()}99`, paymentId: dup.id, orderId: paid.orderId, amountFen: dup.amountFen, reason: '重复支付，退回付款', status: 'succeeded', refundedAt: new Date() });
    expect((await readOrder(u, o.orderNo)).refundedFen).toBe(0);

    const a = await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]]));
    expect(a).toMatchObject({ status: 'refunded', refundFen: 4_000 });
    const mine = (await refundsOfOrder(o.orderNo)).filter((r) => r.afterSaleId !== null);
    expect(mine.map((r) => [r.paymentId, r.amountFen])).toEqual([[paid.id, 4_000]]);
    expect(await readOrder(u, o.orderNo)).toMatchObject({ status: 'paid', refundedFen: 4_000 });
  });
});

describe('a refund the provider refuses', () => {
  it('leaves the request 退款中 with 重新退款 in the console, which sends a new refund of the same amount; never while one is under way', async () => {
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 6_000 }), quantity: 2 }], 'paid');
    refundDesk.mode = 'refused';
    const a = await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]]));
    expect(a.status).toBe('refunding');
    const seen = await expectOk(desk.get(op, a.afterSaleNo));
    expect(seen.operations.retryRefund).toBe(true);
    expect(seen.refunds.map((r) => [r.amountFen, r.status, r.statusLabel])).toEqual([[6_000, 'failed', '退款失败']]);
    expect(await expectFail(409, shopper.cancel(u, a.afterSaleNo))).toBe('售后申请已在处理中，不能撤销');

    // Refused again, then accepted: each retry is a new refund; the failed ones never count.
    expect((await expectOk(desk.retryRefund(op, a.afterSaleNo))).refunds.map((r) => r.status)).toEqual(['failed', 'failed']);
    refundDesk.mode = 'instant';
    const done = await expectOk(desk.retryRefund(op, a.afterSaleNo));
    expect(done).toMatchObject({ status: 'refunded', operations: { retryRefund: false } });
    expect(done.refunds.map((r) => [r.amountFen, r.status])).toEqual([
      [6_000, 'succeeded'],
      [6_000, 'failed'],
      [6_000, 'failed'],
    ]);
    expect(await readOrder(u, o.orderNo)).toMatchObject({ status: 'paid', refundedFen: 6_000 });
    expect(await expectFail(409, desk.retryRefund(op, a.afterSaleNo))).toBe('只有退款失败的售后申请可以重新退款');
    expect((await auditRows('after_sale', a.afterSaleNo)).map((r) => r.action)).toEqual(['aftersale.refund_retry', 'aftersale.refund_retry']);

    // A refund still under way is not sent twice.
    refundDesk.mode = 'later';
    const b = await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]]));
    expect((await expectOk(desk.get(op, b.afterSaleNo))).operations.retryRefund).toBe(false);
    expect(await expectFail(409, desk.retryRefund(op, b.afterSaleNo))).toBe('只有退款失败的售后申请可以重新退款');
    const bId = (await afterSaleRow(b.afterSaleNo)).id;
    expect((await refundsOfOrder(o.orderNo)).filter((r) => r.afterSaleId === bId)).toHaveLength(1);
  });
});

describe('退货退款', () => {
  it('待审核 → 同意 (待寄回 with the return address) → 退货中 → 商家已收货 (入库) → 已退款; the whole order back: 已退款', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 12_000, stock: 10 });
    const o = await bought(u, op, [{ sku }], 'completed');
    expect(await stockOf(sku.skuId)).toBe(9);

    const [review0, receive0] = await waiting();
    const a = await ask(u, draft(o, 'return_refund', 'seven_days', [[0, 1]], { description: '尺寸不合适' }));
    expect(await waiting()).toEqual([review0 + 1, receive0]);
    expect(a).toMatchObject({ status: 'pending_review', statusLabel: '待审核', refundFen: 12_000, shippingFen: 0, returnAddress: null, rejectReason: null });
    expect(a.actions).toEqual({ cancel: true, returnShipment: false, confirm: false, pickup: false });
    near(a.dueAt, Date.now() + AFTER_SALE_REVIEW_HOURS * 3_600_000);
    expect((await readOrder(u, o.orderNo)).afterSale).toEqual({ state: 'open', label: '售后中' });

    // The console's queue: counts per state, found by its number, the buyer's phone.
    const queue = await expectOk(desk.list(op, `?q=${a.afterSaleNo}`));
    expect(queue.items).toHaveLength(1);
    expect(queue.items[0]).toMatchObject({ afterSaleNo: a.afterSaleNo, orderNo: o.orderNo, status: 'pending_review', buyerPhone: u.phone, itemCount: 1 });
    expect(queue.counts.pending_review).toBeGreaterThanOrEqual(1);
    const byOrder = await expectOk(desk.list(op, `?q=${o.orderNo}&type=return_refund&status=pending_review`));
    expect(byOrder.items.map((i) => i.afterSaleNo)).toEqual([a.afterSaleNo]);
    expect((await expectOk(desk.list(op, `?q=${o.orderNo}&type=exchange`))).items).toEqual([]);
    const detail = await expectOk(desk.get(op, a.afterSaleNo));
    expect(detail.operations).toEqual({ approve: true, reject: true, receive: false, reship: false, retryRefund: false, returnShipping: false, retryReturnShipping: false });
    expect(detail.buyer).toMatchObject({ id: u.userId, phone: u.phone });

    const ok1 = await expectOk(desk.approve(op, a.afterSaleNo));
    expect(ok1).toMatchObject({ status: 'awaiting_return', statusLabel: '待寄回', returnAddress: RETURN_ADDRESS });
    expect(ok1.timeline[0]).toMatchObject({ status: 'awaiting_return', actor: 'operator' });
    expect(ok1.timeline[0].note).toContain(RETURN_ADDRESS.address);
    expect(ok1.timeline[0].note).toContain('寄回运费由您承担');
    near(ok1.dueAt, Date.now() + AFTER_SALE_RETURN_DAYS * DAY);
    expect(templates(a.afterSaleNo)).toEqual(['after_sale_approved']);
    const mine = await expectOk(shopper.get(u, a.afterSaleNo));
    expect(mine.actions).toEqual({ cancel: true, returnShipment: true, confirm: false, pickup: true });

    expect(await expectFail(400, shopper.returnShipment(u, a.afterSaleNo, { carrier: '顺风', trackingNo: 'SF1' }))).toBe('请选择快递公司');
    const back = await expectOk(shopper.returnShipment(u, a.afterSaleNo, { carrier: '中通快递', trackingNo: ' zt7800000001 ' }));
    expect(back).toMatchObject({ status: 'returning', statusLabel: '退货中', returnShipment: { carrier: '中通快递', trackingNo: 'ZT7800000001' }, dueAt: null });
    expect(back.actions).toEqual({ cancel: false, returnShipment: false, confirm: false, pickup: false });
    expect((await expectOk(desk.get(op, a.afterSaleNo))).operations).toEqual({ approve: false, reject: false, receive: true, reship: false, retryRefund: false, returnShipping: false, retryReturnShipping: false });
    expect(await waiting()).toEqual([review0, receive0 + 1]);

    expect(await expectFail(400, desk.receive(op, a.afterSaleNo, 'yes'))).toBe('请选择退回的商品入库还是报损');
    const got = await expectOk(desk.receive(op, a.afterSaleNo, true));
    expect(got).toMatchObject({ status: 'refunded', restocked: true });
    expect(got.timeline.map((e) => e.status)).toEqual(['refunded', 'refunding', 'received', 'returning', 'awaiting_return', 'pending_review']);
    expect(await stockOf(sku.skuId)).toBe(10);
    expect(await waiting()).toEqual([review0, receive0]);
    const consoleOrder = await adminOrder(o.orderNo);
    expect(consoleOrder.afterSales).toEqual([
      { afterSaleNo: a.afterSaleNo, typeLabel: '退货退款', status: 'refunded', statusLabel: '已退款', refundFen: 12_000, createdAt: a.createdAt },
    ]);
    expect([consoleOrder.refundLeftFen, consoleOrder.operations.refund]).toEqual([0, false]);
    const rows = await refundsOfOrder(o.orderNo);
    expect(rows.map((r) => [r.amountFen, r.status])).toEqual([[12_000, 'succeeded']]);
    expect(templates(a.afterSaleNo)).toEqual(['after_sale_approved', 'after_sale_return_received', 'after_sale_refunded']);

    // Everything came back: the order itself is 已退款.
    const seen = await readOrder(u, o.orderNo);
    expect(seen).toMatchObject({ status: 'refunded', statusLabel: '已退款', refundedFen: 12_000, afterSale: null });
    expect(seen.actions.afterSale).toBe(false);
    const audit = await auditRows('after_sale', a.afterSaleNo);
    expect(audit.map((r) => [r.action, r.actorUserId])).toEqual([
      ['aftersale.approve', op.userId],
      ['aftersale.receive', op.userId],
    ]);
    expect(audit[1].after).toMatchObject({ status: 'refunding', refundFen: 12_000, restocked: true }); // as committed: the money went after
  });

  it('收货 with 报损: the stock stays as it is, the refund (with the shipping: the shop\'s fault) still goes back', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 3_000, stock: 10 });
    const o = await bought(u, op, [{ sku, quantity: 2 }], 'completed');
    const a = await approved(u, draft(o, 'return_refund', 'quality', [[0, 1]]));
    expect(a.timeline[0].note).toContain('运费由商家承担');
    expect([a.refundFen, a.shippingFen]).toEqual([3_000 + SHIPPING_FEN, SHIPPING_FEN]);
    await expectOk(shopper.returnShipment(u, a.afterSaleNo));
    expect(await stockOf(sku.skuId)).toBe(8);
    const got = await expectOk(desk.receive(op, a.afterSaleNo, false));
    expect(got).toMatchObject({ status: 'refunded', restocked: false });
    expect(got.timeline.find((e) => e.status === 'received')!.note).toContain('报损');
    expect(await stockOf(sku.skuId)).toBe(8);
    expect((await refundsOfOrder(o.orderNo)).map((r) => r.amountFen)).toEqual([4_000]);
    expect(await readOrder(u, o.orderNo)).toMatchObject({ status: 'completed', refundedFen: 4_000, afterSale: { state: 'partial', label: '部分退款' } });
  });
});

describe('换货', () => {
  it('… 商家已收货 → 换新已发出 (stock taken; 409 when short) → 已完成 by the shopper; no money moves', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 5_000, stock: 5 });
    const o = await bought(u, op, [{ sku }], 'completed');
    const a = await returning(u, draft(o, 'exchange', 'quality', [[0, 1]]));
    expect([a.refundFen, a.shippingFen]).toEqual([0, 0]);
    expect(await stockOf(sku.skuId)).toBe(4);

    const got = await expectOk(desk.receive(op, a.afterSaleNo, true));
    expect(got).toMatchObject({ status: 'received', statusLabel: '商家已收货', restocked: true });
    expect(got.operations).toEqual({ approve: false, reject: false, receive: false, reship: true, retryRefund: false, returnShipping: false, retryReturnShipping: false });
    expect(await stockOf(sku.skuId)).toBe(5);

    await setSku(sku.skuId, { stock: 0 });
    expect(await expectFail(409, desk.reship(op, a.afterSaleNo))).toBe(`「${sku.productName}」库存不足，不能换新发出`);
    expect((await afterSaleRow(a.afterSaleNo)).status).toBe('received');
    expect(await stockOf(sku.skuId)).toBe(0);

    await setSku(sku.skuId, { stock: 3 });
    expect(await expectFail(400, desk.reship(op, a.afterSaleNo, { carrier: '京东物流', trackingNo: '' }))).toBe('请填写运单号');
    const sent = await expectOk(desk.reship(op, a.afterSaleNo, { carrier: '京东物流', trackingNo: 'jd0012345678901' }));
    expect(sent).toMatchObject({ status: 'reshipped', statusLabel: '换新已发出', reshipment: { carrier: '京东物流', trackingNo: 'JD0012345678901' } });
    near(sent.dueAt, Date.now() + 7 * DAY);
    expect(await stockOf(sku.skuId)).toBe(2);
    expect((await expectOk(shopper.get(u, a.afterSaleNo))).actions).toEqual({ cancel: false, returnShipment: false, confirm: true, pickup: false });

    const done = await expectOk(shopper.confirm(u, a.afterSaleNo));
    expect(done).toMatchObject({ status: 'completed', statusLabel: '已完成', dueAt: null });
    expect(done.timeline[0]).toMatchObject({ status: 'completed', actor: 'shopper' });
    expect(await expectFail(409, shopper.confirm(u, a.afterSaleNo))).toBe('当前售后状态不能确认收货');
    expect(await refundsOfOrder(o.orderNo)).toEqual([]);
    expect(await readOrder(u, o.orderNo)).toMatchObject({ status: 'completed', refundedFen: 0, afterSale: null });
    expect(await stockOf(sku.skuId)).toBe(2);
    expect((await auditRows('after_sale', a.afterSaleNo)).map((r) => r.action)).toEqual(['aftersale.approve', 'aftersale.receive', 'aftersale.reship']);
    expect(templates(a.afterSaleNo)).toEqual(['after_sale_approved', 'after_sale_return_received', 'after_sale_exchange_shipped']);
  });
});

describe('拒绝 and 撤销', () => {
  it('拒绝 needs a reason, shows it, sends one SMS, and frees the line for a new request', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 8_000, stock: 10 });
    const o = await bought(u, op, [{ sku }], 'completed');
    const a = await ask(u, draft(o, 'return_refund', 'not_as_described', [[0, 1]]));
    expect(await expectFail(400, desk.reject(op, a.afterSaleNo, '   '))).toBe('请填写拒绝原因');
    expect(await expectFail(400, desk.reject(op, a.afterSaleNo, '第一行\n第二行'))).toMatch(/拒绝原因/);
    const r = await expectOk(desk.reject(op, a.afterSaleNo, '商品与描述一致，详见商品详情页参数'));
    expect(r).toMatchObject({ status: 'rejected', statusLabel: '已拒绝', rejectReason: '商品与描述一致，详见商品详情页参数' });
    expect(r.timeline[0]).toMatchObject({ status: 'rejected', actor: 'operator', note: '商家拒绝了申请：商品与描述一致，详见商品详情页参数' });
    expect(smsAbout(a.afterSaleNo)).toEqual([{ phone: u.phone, template: 'after_sale_rejected', params: { afterSaleNo: a.afterSaleNo, reason: '商品与描述一致，详见商品详情页参数' } }]);
    expect(await expectFail(409, desk.reject(op, a.afterSaleNo, '再拒绝一次'))).toBe('只有待审核的售后申请可以拒绝');
    expect(smsAbout(a.afterSaleNo)).toHaveLength(1);
    expect(await refundsOfOrder(o.orderNo)).toEqual([]);

    const seen = await readOrder(u, o.orderNo);
    expect(seen).toMatchObject({ afterSale: null, refundedFen: 0 });
    expect(seen.lines[0].afterSaleQuantity).toBe(0);
    expect(seen.actions.afterSale).toBe(true);
    const opts = await expectOk(shopper.options(u, o.orderNo));
    expect(opts.lines[0]).toMatchObject({ available: 1, openAfterSaleNo: null });
    expect((await ask(u, draft(o, 'exchange', 'quality', [[0, 1]]))).status).toBe('pending_review');
  });

  it('撤销 from 待审核 (every type) and from 待寄回; not once the goods are on their way', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 6_000, stock: 20 });
    // 仅退款 of goods on their way (未收到货) waits for review; the shopper may withdraw it.
    const shipped = await bought(u, op, [{ sku }], 'shipped');
    const r1 = await ask(u, draft(shipped, 'refund_only', 'not_received', [[0, 1]]));
    expect(r1).toMatchObject({ status: 'pending_review', actions: { cancel: true } });
    const c1 = await expectOk(shopper.cancel(u, r1.afterSaleNo));
    expect(c1).toMatchObject({ status: 'cancelled', statusLabel: '已撤销' });
    expect(c1.timeline[0]).toMatchObject({ status: 'cancelled', actor: 'shopper' });
    expect(await expectFail(409, shopper.cancel(u, r1.afterSaleNo))).toBe('售后申请已在处理中，不能撤销');

    const o = await bought(u, op, [{ sku, quantity: 3 }], 'completed');
    const r2 = await ask(u, draft(o, 'return_refund', 'seven_days', [[0, 1]]));
    expect((await expectOk(shopper.cancel(u, r2.afterSaleNo))).status).toBe('cancelled');

    const r3 = await approved(u, draft(o, 'exchange', 'damaged', [[0, 1]]));
    expect((await expectOk(shopper.cancel(u, r3.afterSaleNo))).status).toBe('cancelled');
    expect((await afterSaleRow(r3.afterSaleNo)).dueAt).toBeNull();

    const r4 = await returning(u, draft(o, 'return_refund', 'seven_days', [[0, 2]]));
    expect(await expectFail(409, shopper.cancel(u, r4.afterSaleNo))).toBe('售后申请已在处理中，不能撤销');
    expect((await afterSaleRow(r4.afterSaleNo)).status).toBe('returning');
    // Withdrawn requests count for nothing: the 2 units of r4 are the only ones taken.
    expect((await readOrder(u, o.orderNo)).lines[0].afterSaleQuantity).toBe(2);
    expect(await refundsOfOrder(o.orderNo)).toEqual([]);
  });

  it('仅退款 of goods on their way (未收到货, the shop\'s fault) waits for the operator; 同意 refunds it with the shipping', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 4_500, stock: 10 });
    const o = await bought(u, op, [{ sku }], 'shipped');
    expect(o.totalFen).toBe(4_500 + SHIPPING_FEN);
    const a = await ask(u, draft(o, 'refund_only', 'not_received', [[0, 1]]));
    expect(a).toMatchObject({ status: 'pending_review', refundFen: 5_500, shippingFen: SHIPPING_FEN, fault: 'shop' });
    expect(await refundsOfOrder(o.orderNo)).toEqual([]);
    const stock = await stockOf(sku.skuId);
    const ok1 = await expectOk(desk.approve(op, a.afterSaleNo));
    expect(ok1).toMatchObject({ status: 'refunded', returnAddress: null });
    expect(ok1.timeline.map((e) => [e.status, e.actor])).toEqual([
      ['refunded', 'payment'],
      ['refunding', 'operator'],
      ['pending_review', 'shopper'],
    ]);
    expect(await stockOf(sku.skuId)).toBe(stock); // shipped goods are not back in the warehouse
    expect(templates(a.afterSaleNo)).toEqual(['after_sale_approved', 'after_sale_refunded']);
    expect(await readOrder(u, o.orderNo)).toMatchObject({ status: 'refunded', refundedFen: 5_500 });
  });
});

describe('moves outside the table', () => {
  it('are 409 with a Chinese message, and change neither the state nor the timeline', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 2_000, stock: 50 });
    const o = await bought(u, op, [{ sku, quantity: 3 }, { sku: await makeSku({ priceFen: 2_500 }), quantity: 3 }], 'completed');
    type Try = [label: string, run: (no: string) => Promise<{ body: { resultCode: number; message: string } }>, message: RegExp];
    const approve: Try = ['approve', (no) => desk.approve(op, no), /只有待审核的售后申请可以同意/];
    const reject: Try = ['reject', (no) => desk.reject(op, no), /只有待审核的售后申请可以拒绝/];
    const receive: Try = ['receive', (no) => desk.receive(op, no, true), /只有退货中的售后申请可以收货/];
    const reship: Try = ['reship', (no) => desk.reship(op, no), /只有商家已收货的换货申请可以发出换新商品/];
    const cancel: Try = ['cancel', (no) => shopper.cancel(u, no), /售后申请已在处理中，不能撤销/];
    const waybill: Try = ['return-shipment', (no) => shopper.returnShipment(u, no), /当前售后状态不能填写退货物流/];
    const confirm: Try = ['confirm', (no) => shopper.confirm(u, no), /当前售后状态不能确认收货/];

    async function refused(no: string, tries: Try[]) {
      const before = await afterSaleRow(no);
      const events = (await eventsOf(no)).length;
      for (const [label, run, message] of tries) {
        const { body } = await run(no);
        expect(body.resultCode, `${before.status}: ${label}`).toBe(409);
        expect(body.message, `${before.status}: ${label}`).toMatch(message);
      }
      const after = await afterSaleRow(no);
      expect([after.status, after.updatedAt]).toEqual([before.status, before.updatedAt]);
      expect(await eventsOf(no)).toHaveLength(events);
    }

    const pending = await ask(u, draft(o, 'return_refund', 'seven_days', [[0, 1]]));
    await refused(pending.afterSaleNo, [receive, reship, waybill, confirm]);
    await expectOk(desk.approve(op, pending.afterSaleNo)); // → 待寄回
    await refused(pending.afterSaleNo, [approve, reject, receive, reship, confirm]);
    await expectOk(shopper.returnShipment(u, pending.afterSaleNo)); // → 退货中
    await refused(pending.afterSaleNo, [approve, reject, reship, cancel, waybill, confirm]);
    await expectOk(desk.receive(op, pending.afterSaleNo, true)); // → 已退款
    await refused(pending.afterSaleNo, [approve, reject, receive, reship, cancel, waybill, confirm]);

    const rejected = await ask(u, draft(o, 'return_refund', 'seven_days', [[0, 1]]));
    await expectOk(desk.reject(op, rejected.afterSaleNo));
    await refused(rejected.afterSaleNo, [approve, reject, receive, reship, cancel, waybill, confirm]);

    const withdrawn = await ask(u, draft(o, 'return_refund', 'seven_days', [[0, 1]]));
    await expectOk(shopper.cancel(u, withdrawn.afterSaleNo));
    await refused(withdrawn.afterSaleNo, [approve, reject, receive, reship, cancel, waybill, confirm]);

    const exchange = await returning(u, draft(o, 'exchange', 'quality', [[1, 1]]));
    await expectOk(desk.receive(op, exchange.afterSaleNo, true)); // → 商家已收货 (an exchange waits there)
    await refused(exchange.afterSaleNo, [approve, reject, receive, cancel, waybill, confirm]);
    await expectOk(desk.reship(op, exchange.afterSaleNo)); // → 换新已发出
    await refused(exchange.afterSaleNo, [approve, reject, receive, reship, cancel, waybill]);
    await expectOk(shopper.confirm(u, exchange.afterSaleNo)); // → 已完成
    await refused(exchange.afterSaleNo, [approve, reject, receive, reship, cancel, waybill, confirm]);

    // 仅退款 waiting for money (退款中): nobody but the payment moves it.
    refundDesk.mode = 'later';
    const refunding = await ask(u, draft(o, 'refund_only', 'wrong_item', [[1, 1]]));
    await expectOk(desk.approve(op, refunding.afterSaleNo));
    expect((await afterSaleRow(refunding.afterSaleNo)).status).toBe('refunding');
    await refused(refunding.afterSaleNo, [approve, reject, receive, reship, cancel, waybill, confirm]);
  });

  it('an unknown or malformed number is 404 for the shopper and the console', async () => {
    const u = await buyer();
    for (const no of ['20990101000000000000', 'abc', '1'.repeat(21)]) {
      expect(await expectFail(404, shopper.get(u, no))).toBe('售后申请不存在');
      expect(await expectFail(404, shopper.cancel(u, no))).toBe('售后申请不存在');
      expect(await expectFail(404, desk.get(op, no))).toBe('售后申请不存在');
      expect(await expectFail(404, desk.approve(op, no))).toBe('售后申请不存在');
    }
  });
});

describe('the clock', () => {
  it('48 hours in 待审核: approved by the shop (仅退款 refunded, returns 待寄回), each with its SMS; not a minute before', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 7_000, stock: 10 });
    const shipped = await bought(u, op, [{ sku }], 'shipped');
    const completed = await bought(u, op, [{ sku }], 'completed');
    const refund = await ask(u, draft(shipped, 'refund_only', 'damaged', [[0, 1]]));
    const ret = await ask(u, draft(completed, 'return_refund', 'seven_days', [[0, 1]]));

    await sweepAfterSales(later(AFTER_SALE_REVIEW_HOURS * 3_600_000 - 60_000));
    expect((await afterSaleRow(refund.afterSaleNo)).status).toBe('pending_review');
    expect((await afterSaleRow(ret.afterSaleNo)).status).toBe('pending_review');

    const counts = await sweepAfterSales(later(AFTER_SALE_REVIEW_HOURS * 3_600_000 + 60_000));
    expect(counts.approved).toBeGreaterThanOrEqual(2);
    const r1 = await expectOk(shopper.get(u, refund.afterSaleNo));
    expect(r1.status).toBe('refunded');
    expect(r1.timeline.find((e) => e.status === 'refunding')).toMatchObject({ actor: 'timer' });
    expect((await refundsOfOrder(shipped.orderNo)).map((r) => [r.amountFen, r.status])).toEqual([[7_000 + SHIPPING_FEN, 'succeeded']]);
    const r2 = await expectOk(shopper.get(u, ret.afterSaleNo));
    expect(r2).toMatchObject({ status: 'awaiting_return', returnAddress: RETURN_ADDRESS });
    expect(r2.timeline[0]).toMatchObject({ status: 'awaiting_return', actor: 'timer' });
    expect(r2.timeline[0].note).toMatch(/^系统已同意退货退款/);
    expect(templates(refund.afterSaleNo)).toEqual(['after_sale_approved', 'after_sale_refunded']);
    expect(templates(ret.afterSaleNo)).toEqual(['after_sale_approved']);

    // Sweeping again (another instance, the next minute) changes nothing twice.
    await sweepAfterSales(later(AFTER_SALE_REVIEW_HOURS * 3_600_000 + 120_000));
    expect(await eventsOf(refund.afterSaleNo)).toHaveLength(3);
    expect(await eventsOf(ret.afterSaleNo)).toHaveLength(2);
    expect(await refundsOfOrder(shipped.orderNo)).toHaveLength(1);
  });

  it('7 days in 待寄回 without a waybill: withdrawn by the shop, the line free again; a waybill given in time stops the clock', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 7_000, stock: 10 });
    const o = await bought(u, op, [{ sku, quantity: 2 }], 'completed');
    const idle = await approved(u, draft(o, 'return_refund', 'seven_days', [[0, 1]]));
    await sweepAfterSales(later(AFTER_SALE_RETURN_DAYS * DAY - 60_000));
    expect((await afterSaleRow(idle.afterSaleNo)).status).toBe('awaiting_return');
    const counts = await sweepAfterSales(later(AFTER_SALE_RETURN_DAYS * DAY + 60_000));
    expect(counts.withdrawn).toBeGreaterThanOrEqual(1);
    const seen = await expectOk(shopper.get(u, idle.afterSaleNo));
    expect(seen).toMatchObject({ status: 'cancelled', statusLabel: '已撤销', dueAt: null });
    expect(seen.timeline[0]).toMatchObject({ actor: 'timer', note: `超过 ${AFTER_SALE_RETURN_DAYS} 天未填写退货物流，申请已自动撤销` });
    expect((await readOrder(u, o.orderNo)).lines[0].afterSaleQuantity).toBe(0);

    const sent = await returning(u, draft(o, 'return_refund', 'seven_days', [[0, 2]]));
    await sweepAfterSales(later(30 * DAY));
    expect((await afterSaleRow(sent.afterSaleNo)).status).toBe('returning');
  });

  it('an exchange 7 days after its new goods went out completes by itself', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 7_000, stock: 10 });
    const o = await bought(u, op, [{ sku }], 'completed');
    const a = await returning(u, draft(o, 'exchange', 'wrong_item', [[0, 1]]));
    await expectOk(desk.receive(op, a.afterSaleNo, false));
    await expectOk(desk.reship(op, a.afterSaleNo));
    await sweepAfterSales(later(7 * DAY - 60_000));
    expect((await afterSaleRow(a.afterSaleNo)).status).toBe('reshipped');
    const counts = await sweepAfterSales(later(7 * DAY + 60_000));
    expect(counts.completed).toBeGreaterThanOrEqual(1);
    const seen = await expectOk(shopper.get(u, a.afterSaleNo));
    expect(seen).toMatchObject({ status: 'completed', dueAt: null });
    expect(seen.timeline[0]).toMatchObject({ status: 'completed', actor: 'timer' });
    expect(await expectFail(409, shopper.confirm(u, a.afterSaleNo))).toBe('当前售后状态不能确认收货');
  });
});

describe('the lists', () => {
  it("the shopper's list: their own requests, newest first, by state, paged", async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 3_000, stock: 20 });
    const o = await bought(u, op, [{ sku, quantity: 4 }], 'completed');
    const first = await ask(u, draft(o, 'return_refund', 'seven_days', [[0, 1]]));
    await expectOk(shopper.cancel(u, first.afterSaleNo));
    const second = await ask(u, draft(o, 'exchange', 'quality', [[0, 2]]));
    const all = await expectOk(shopper.list(u));
    expect(all.total).toBe(2);
    expect(all.items.map((i) => [i.afterSaleNo, i.status, i.itemCount])).toEqual([
      [second.afterSaleNo, 'pending_review', 2],
      [first.afterSaleNo, 'cancelled', 1],
    ]);
    expect(all.items[0]).toMatchObject({ orderNo: o.orderNo, typeLabel: '换货', statusLabel: '待审核', items: [{ productName: sku.productName, quantity: 2 }] });
    expect((await expectOk(shopper.list(u, '?status=cancelled'))).items.map((i) => i.afterSaleNo)).toEqual([first.afterSaleNo]);
    const paged = await expectOk(shopper.list(u, '?page=2&pageSize=10'));
    expect([paged.total, paged.page, paged.pageSize, paged.items]).toEqual([2, 2, 10, []]);
    expect((await expectOk(shopper.list(await buyer()))).total).toBe(0);
  });
});
