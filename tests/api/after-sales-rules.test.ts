/**
 * After-sales rules through the API (docs/after-sales.md#rules, #money), on PGlite and PostgreSQL:
 * what each stage offers and until when (七天无理由 7 days from receipt, the shop's fault 15 days,
 * nothing but 仅退款 before shipment, activation codes 7 days from payment and only while none is
 * activated); the units of a line across requests and one open request per line; the amounts to the
 * fen (a line's parts add up to what was paid for it, the shipping once); the order's label and
 * state as the money comes back; 取消订单 of a paid order; the invoice following a partial refund;
 * another shopper's order and requests are 404.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as ordersGet } from '@/app/api/v1/orders/route';
import { POST as invoicesPost } from '@/app/api/v1/invoices/route';
import { POST as adminRefundPost } from '@/app/api/v1/admin/orders/[orderNo]/refund/route';
import { TERM_DAYS } from '@/lib/domain/subscription';
import { SHIPPING_FEN } from '@/lib/domain/shipping';
import { getDb } from '@/lib/server/db/client';
import { invoices } from '@/lib/server/db/schema';
import { completeInvoiceReversal, issueInvoice } from '@/lib/server/flows/invoice-console';
import type { OrderSummary } from '@/lib/server/views/orders-list';
import { settleRefund } from '@/lib/server/flows/refund-settled';
import {
  afterSaleRow,
  afterSalesSuite,
  ask,
  backdate,
  bought,
  buyer,
  type Buyer,
  cancelOrder,
  DAY,
  daysAgo,
  desk,
  draft,
  type Draft,
  expectFail,
  expectOk,
  itemsOfAfterSale,
  licensesOf,
  paymentOf,
  payOrder,
  placeOrder,
  readOrder,
  refundDesk,
  refundsOfOrder,
  setOrderSums,
  setPaidFen,
  shopper,
} from './after-sales-kit';
import { call, ctx, makeSku, orderRow, req, stockOf, type Shopper } from './session';

let op: Shopper;
afterSalesSuite((o) => (op = o));

/** A 退货退款 or 换货 taken from the request to 商家已收货 (入库): refunded at once for 退货退款. */
async function returned(u: Buyer, d: Draft) {
  const a = await ask(u, d);
  await expectOk(desk.approve(op, a.afterSaleNo));
  await expectOk(shopper.returnShipment(u, a.afterSaleNo));
  return expectOk(desk.receive(op, a.afterSaleNo, true));
}

const previewOf = (u: Shopper, d: Draft) => expectOk(shopper.preview(u, d));

describe('what each stage offers', () => {
  it('GET /orders/{orderNo}/aftersale: the lines, units left and the reasons open now, stage by stage', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 3_000 });
    const paid = await bought(u, op, [{ sku, quantity: 2 }], 'paid');
    const atPaid = await expectOk(shopper.options(u, paid.orderNo));
    expect(atPaid).toMatchObject({ orderNo: paid.orderNo, orderStatus: 'paid', orderStatusLabel: '待发货', shippingFen: SHIPPING_FEN, photosMax: 3 });
    expect(atPaid.lines).toEqual([expect.objectContaining({ orderItemId: paid.lines[0].id, quantity: 2, available: 2, stage: 'unshipped', openAfterSaleNo: null })]);
    expect(atPaid.stages.unshipped).toEqual([{ type: 'refund_only', label: '仅退款', reasons: [{ reason: 'no_longer_needed', label: '不想要了/拍错了', fault: 'shopper', until: null }] }]);
    expect(atPaid.carriers).toContain('顺丰速运');

    const done = await bought(u, op, [{ sku }], 'completed');
    const completedAt = new Date((await readOrder(u, done.orderNo)).completedAt!).getTime();
    const atDone = await expectOk(shopper.options(u, done.orderNo));
    expect(atDone.stages.received.map((t) => t.type)).toEqual(['refund_only', 'return_refund', 'exchange']);
    const ret = atDone.stages.received.find((t) => t.type === 'return_refund')!;
    expect(ret.reasons.find((r) => r.reason === 'seven_days')!.until).toBe(new Date(completedAt + 7 * DAY).toISOString());
    expect(ret.reasons.find((r) => r.reason === 'quality')!.until).toBe(new Date(completedAt + 15 * DAY).toISOString());

    // Past 7 days: 七天无理由 is no longer offered; past 15 days nothing is, and the order's button goes.
    await backdate(done.orderNo, { completedAt: daysAgo(8) });
    const late = await expectOk(shopper.options(u, done.orderNo));
    expect(late.stages.received.find((t) => t.type === 'return_refund')!.reasons.map((r) => r.reason)).not.toContain('seven_days');
    await backdate(done.orderNo, { completedAt: daysAgo(16) });
    const over = await expectOk(shopper.options(u, done.orderNo));
    expect(over.stages.received).toEqual([]);
    expect(over.lines[0].available).toBe(0);
    expect((await readOrder(u, done.orderNo)).actions.afterSale).toBe(false);

    const unpaid = await placeOrder(u, [{ sku }]);
    const none = await expectOk(shopper.options(u, unpaid.orderNo));
    expect(none.stages).toEqual({});
    expect(none.lines[0]).toMatchObject({ available: 0, stage: null });
    expect(await expectFail(409, shopper.create(u, draft(unpaid, 'refund_only', 'no_longer_needed', [[0, 1]])))).toBe('订单当前为「待付款」，不能申请售后');
  });
});

describe('windows', () => {
  it('七天无理由退货: within 7 days of receipt; after, 409 naming the rule', async () => {
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 12_000 }) }], 'completed');
    await backdate(o.orderNo, { completedAt: daysAgo(6.9) });
    expect((await previewOf(u, draft(o, 'return_refund', 'seven_days', [[0, 1]]))).refundFen).toBe(12_000);
    await backdate(o.orderNo, { completedAt: daysAgo(7.1) });
    const msg = await expectFail(409, shopper.create(u, draft(o, 'return_refund', 'seven_days', [[0, 1]])));
    expect(msg).toBe('七天无理由退货需在签收后 7 天内申请退货退款，已超过期限');
    expect(await expectFail(409, shopper.preview(u, draft(o, 'return_refund', 'seven_days', [[0, 1]])))).toBe(msg);
    // The shop's fault still has its 15 days.
    expect((await ask(u, draft(o, 'return_refund', 'quality', [[0, 1]]))).status).toBe('pending_review');
  });

  it("the shop's fault: 15 days from receipt for 退货退款 and 换货; after, 409", async () => {
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 12_000 }) }], 'completed');
    await backdate(o.orderNo, { completedAt: daysAgo(14.9) });
    expect((await previewOf(u, draft(o, 'return_refund', 'quality', [[0, 1]]))).refundFen).toBe(12_000);
    expect((await previewOf(u, draft(o, 'exchange', 'damaged', [[0, 1]]))).refundFen).toBe(0);
    await backdate(o.orderNo, { completedAt: daysAgo(15.1) });
    expect(await expectFail(409, shopper.create(u, draft(o, 'return_refund', 'quality', [[0, 1]])))).toBe('商品质量问题需在签收后 15 天内申请退货退款，已超过期限');
    expect(await expectFail(409, shopper.create(u, draft(o, 'exchange', 'damaged', [[0, 1]])))).toBe('物流损坏需在签收后 15 天内申请换货，已超过期限');
    expect(await expectFail(409, shopper.create(u, draft(o, 'refund_only', 'wrong_item', [[0, 1]])))).toBe('发错货或漏发需在签收后 15 天内申请仅退款，已超过期限');
  });

  it('before shipment only 仅退款 (不想要了/拍错了); on the way no window yet', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 12_000 });
    const o = await bought(u, op, [{ sku }], 'paid');
    expect(await expectFail(409, shopper.create(u, draft(o, 'exchange', 'quality', [[0, 1]])))).toBe('订单尚未发货，只能申请仅退款，不能申请换货');
    expect(await expectFail(409, shopper.create(u, draft(o, 'return_refund', 'seven_days', [[0, 1]])))).toBe('订单尚未发货，只能申请仅退款，不能申请退货退款');
    expect(await expectFail(400, shopper.create(u, draft(o, 'refund_only', 'quality', [[0, 1]])))).toBe('「商品质量问题」不能用于未发货订单的仅退款申请');

    const onTheWay = await bought(u, op, [{ sku }], 'shipped');
    expect(await expectFail(400, shopper.create(u, draft(onTheWay, 'refund_only', 'no_longer_needed', [[0, 1]])))).toBe('「不想要了/拍错了」不能用于仅退款申请');
    expect((await ask(u, draft(onTheWay, 'exchange', 'wrong_item', [[0, 1]]))).status).toBe('pending_review');
  });
});

describe('activation codes', () => {
  it('unused codes: refunded at once within 7 days of payment, codes revoked; an activated code stops any further refund', async () => {
    const u = await buyer();
    const svc = await makeSku({ kind: 'service', priceFen: 36_000 });
    const o = await bought(u, op, [{ sku: svc, quantity: 2 }]);
    expect(o.status).toBe('completed');
    const codes = o.licenses.map((l) => l.code);
    expect(codes).toHaveLength(2);
    expect(await expectFail(409, shopper.create(u, draft(o, 'exchange', 'quality', [[0, 1]])))).toBe('服务激活码只能申请仅退款，不能申请换货');

    const a = await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]]));
    expect(a).toMatchObject({ status: 'refunded', refundFen: 36_000, shippingFen: 0 });
    expect(a.timeline[1].note).toContain('激活码已作废');
    const rows = await licensesOf(o.orderNo);
    expect(rows.map((l) => l.revokedAt !== null)).toEqual([true, false]);
    expect((await readOrder(u, o.orderNo)).licenses.map((l) => l.revoked)).toEqual([true, false]);
    expect(await expectFail(409, shopper.activate(u, codes[0]))).toBe('该激活码已随退款作废');

    // Another shopper cannot activate it; the owner can, once.
    expect(await expectFail(404, shopper.activate(await buyer(), codes[1]))).toBe('激活码不存在');
    const on = await expectOk(shopper.activate(u, codes[1].toLowerCase()));
    expect(on.code).toBe(codes[1]);
    expect(new Date(on.validUntil).getTime() - new Date(on.activatedAt).getTime()).toBe(TERM_DAYS * DAY);
    expect(await expectFail(409, shopper.activate(u, codes[1]))).toBe('该激活码已激活');

    expect(await expectFail(409, shopper.create(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]])))).toBe('该订单已有激活码被激活，不能再退款');
    const opts = await expectOk(shopper.options(u, o.orderNo));
    expect(opts.stages.service).toEqual([]);
    expect(opts.lines[0].available).toBe(0);
    expect(await readOrder(u, o.orderNo)).toMatchObject({ status: 'completed', refundedFen: 36_000, afterSale: { state: 'partial' } });
  });

  it('an activated code (activated through the licenses route) stops the refund of the order; past 7 days from payment, 409', async () => {
    const u = await buyer();
    const svc = await makeSku({ kind: 'service', priceFen: 20_000 });
    const o = await bought(u, op, [{ sku: svc, quantity: 3 }]);
    await expectOk(shopper.activate(u, o.licenses[2].code));
    expect(await expectFail(409, shopper.create(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]])))).toBe('该订单已有激活码被激活，不能再退款');
    expect(await refundsOfOrder(o.orderNo)).toEqual([]);

    const late = await bought(u, op, [{ sku: svc }]);
    await backdate(late.orderNo, { paidAt: daysAgo(7.1) });
    expect(await expectFail(409, shopper.create(u, draft(late, 'refund_only', 'no_longer_needed', [[0, 1]])))).toBe('服务激活码需在付款后 7 天内申请退款，已超过期限');
    await backdate(late.orderNo, { paidAt: daysAgo(6.9) });
    expect((await ask(u, draft(late, 'refund_only', 'no_longer_needed', [[0, 1]]))).status).toBe('refunded');
    expect(await readOrder(u, late.orderNo)).toMatchObject({ status: 'refunded', refundedFen: 20_000, afterSale: null });
  });

  it('codes and goods are asked for separately', async () => {
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 3_000 }) }, { sku: await makeSku({ kind: 'service', priceFen: 5_000 }) }], 'paid');
    expect(await expectFail(400, shopper.create(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1], [1, 1]])))).toBe('服务激活码与实物商品请分开申请售后');
  });
});

describe('units and amounts', () => {
  it('a line of 3 paid ¥10.00 gives back 333, 333 and 334 fen; the shipping with the last; the order 部分退款, then 已退款; the refunds add up to the payment', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 500, stock: 10 });
    const placed = await placeOrder(u, [{ sku, quantity: 3 }]);
    // A ¥5 discount on the line: ¥10.00 paid for 3 units (plus ¥10 shipping), an amount 3 does not divide.
    await setPaidFen(placed.lines[0].id, 1_000);
    await setOrderSums(placed.orderNo, { discountFen: 500, totalFen: 2_000 });
    const o = await payOrder(u, placed.orderNo);
    expect((await paymentOf(o.orderNo)).amountFen).toBe(2_000);
    expect(await stockOf(sku.skuId)).toBe(7);

    const one = draft(o, 'refund_only', 'no_longer_needed', [[0, 1]]);
    expect(await previewOf(u, one)).toEqual({ items: [{ orderItemId: o.lines[0].id, quantity: 1, refundFen: 333 }], shippingFen: 0, refundFen: 333 });
    const a1 = await ask(u, one);
    expect([a1.status, a1.refundFen, a1.shippingFen]).toEqual(['refunded', 333, 0]);
    expect(await readOrder(u, o.orderNo)).toMatchObject({ status: 'paid', refundedFen: 333, afterSale: { state: 'partial', label: '部分退款' } });

    const a2 = await ask(u, one);
    expect([a2.refundFen, a2.shippingFen]).toEqual([333, 0]);
    expect((await readOrder(u, o.orderNo)).refundedFen).toBe(666);

    expect(await previewOf(u, one)).toEqual({ items: [{ orderItemId: o.lines[0].id, quantity: 1, refundFen: 334 }], shippingFen: SHIPPING_FEN, refundFen: 1_334 });
    const a3 = await ask(u, one);
    expect([a3.status, a3.refundFen, a3.shippingFen]).toEqual(['refunded', 1_334, SHIPPING_FEN]);
    expect((await itemsOfAfterSale(a3.afterSaleNo)).map((i) => i.refundFen)).toEqual([334]);

    const rows = await refundsOfOrder(o.orderNo);
    expect(rows.map((r) => [r.amountFen, r.status])).toEqual([
      [333, 'succeeded'],
      [333, 'succeeded'],
      [1_334, 'succeeded'],
    ]);
    expect(rows.reduce((n, r) => n + r.amountFen, 0)).toBe(2_000);
    const seen = await readOrder(u, o.orderNo);
    expect(seen).toMatchObject({ status: 'refunded', statusLabel: '已退款', refundedFen: 2_000, afterSale: null });
    expect(seen.lines[0].afterSaleQuantity).toBe(3);
    expect(await stockOf(sku.skuId)).toBe(10);
    expect(await expectFail(409, shopper.create(u, one))).toBe('订单当前为「已退款」，不能申请售后');

    const list = await expectOk(call<{ items: OrderSummary[] }>(ordersGet, req('GET', '/orders', undefined, { token: u.token })));
    expect(list.items.find((i) => i.orderNo === o.orderNo)).toMatchObject({ status: 'refunded', statusLabel: '已退款', afterSale: null, canAfterSale: false });
  });

  it('a line that cost nothing (a free gift): its 仅退款 has nothing to send and is done at once, not left 退款中', async () => {
    const u = await buyer();
    const gift = await makeSku({ priceFen: 1_000, stock: 10 });
    const placed = await placeOrder(u, [{ sku: await makeSku({ priceFen: 3_000 }) }, { sku: gift }]);
    await setPaidFen(placed.lines[1].id, 0);
    await setOrderSums(placed.orderNo, { discountFen: 1_000, totalFen: 4_000 });
    const o = await payOrder(u, placed.orderNo);
    const free = await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[1, 1]]));
    expect([free.status, free.refundFen]).toEqual(['refunded', 0]);
    expect(await stockOf(gift.skuId)).toBe(10);
    expect(await refundsOfOrder(o.orderNo)).toEqual([]);
    expect(await readOrder(u, o.orderNo)).toMatchObject({ status: 'paid', refundedFen: 0, afterSale: null });
    const rest = await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]]));
    expect([rest.status, rest.refundFen, rest.shippingFen]).toEqual(['refunded', 4_000, SHIPPING_FEN]);
    expect(await readOrder(u, o.orderNo)).toMatchObject({ status: 'refunded', refundedFen: 4_000, afterSale: null });
  });

  it('buy 3, return 1 then 2: a third request of the line is 400; more than is left is 400', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 4_000 });
    const o = await bought(u, op, [{ sku, quantity: 3 }, { sku: await makeSku({ priceFen: 1_000 }) }], 'completed');
    expect(o.totalFen).toBe(13_000); // ¥130 ships free
    const r1 = await returned(u, draft(o, 'return_refund', 'seven_days', [[0, 1]]));
    expect([r1.status, r1.refundFen]).toEqual(['refunded', 4_000]);
    expect(await expectFail(400, shopper.create(u, draft(o, 'return_refund', 'seven_days', [[0, 3]])))).toBe(`「${sku.productName}」最多还能申请 2 件`);
    const r2 = await returned(u, draft(o, 'return_refund', 'seven_days', [[0, 2]]));
    expect([r2.status, r2.refundFen]).toEqual(['refunded', 8_000]);
    expect(await expectFail(400, shopper.create(u, draft(o, 'return_refund', 'seven_days', [[0, 1]])))).toBe(`「${sku.productName}」已全部申请过售后`);
    const seen = await readOrder(u, o.orderNo);
    expect(seen).toMatchObject({ status: 'completed', refundedFen: 12_000, afterSale: { state: 'partial', label: '部分退款' } });
    expect(seen.lines.map((l) => l.afterSaleQuantity)).toEqual([3, 0]);
    expect((await expectOk(shopper.options(u, o.orderNo))).lines.map((l) => l.available)).toEqual([0, 1]);
  });

  it("the shipping goes back once: with the whole order back, or with the shop's fault (then not again)", async () => {
    const u = await buyer();
    const a = await makeSku({ priceFen: 3_000 });
    const b = await makeSku({ priceFen: 2_000 });

    // The shopper's reasons: no shipping until the last of the order comes back.
    const o1 = await bought(u, op, [{ sku: a }, { sku: b }], 'completed');
    expect(o1.totalFen).toBe(5_000 + SHIPPING_FEN);
    expect((await returned(u, draft(o1, 'return_refund', 'seven_days', [[0, 1]]))).refundFen).toBe(3_000);
    const last = await returned(u, draft(o1, 'return_refund', 'seven_days', [[1, 1]]));
    expect([last.refundFen, last.shippingFen]).toEqual([2_000 + SHIPPING_FEN, SHIPPING_FEN]);
    expect(await readOrder(u, o1.orderNo)).toMatchObject({ status: 'refunded', refundedFen: 6_000 });

    // The shop's fault first: the shipping with it, and not again with the rest.
    const o2 = await bought(u, op, [{ sku: a }, { sku: b }], 'completed');
    const wrong = await ask(u, draft(o2, 'refund_only', 'wrong_item', [[0, 1]]));
    expect([wrong.refundFen, wrong.shippingFen]).toEqual([3_000 + SHIPPING_FEN, SHIPPING_FEN]);
    await expectOk(desk.approve(op, wrong.afterSaleNo));
    const rest = await returned(u, draft(o2, 'return_refund', 'seven_days', [[1, 1]]));
    expect([rest.refundFen, rest.shippingFen]).toEqual([2_000, 0]);
    expect((await refundsOfOrder(o2.orderNo)).map((r) => r.amountFen)).toEqual([4_000, 2_000]);
    expect(await readOrder(u, o2.orderNo)).toMatchObject({ status: 'refunded', refundedFen: 6_000, afterSale: null });

    // A rejected request gave nothing back: its shipping is not counted.
    const o3 = await bought(u, op, [{ sku: a }, { sku: b }], 'completed');
    const no = await ask(u, draft(o3, 'return_refund', 'quality', [[0, 1]]));
    await expectOk(desk.reject(op, no.afterSaleNo));
    expect((await previewOf(u, draft(o3, 'return_refund', 'damaged', [[1, 1]]))).shippingFen).toBe(SHIPPING_FEN);
    // An exchange moves no money, whoever's fault.
    expect(await previewOf(u, draft(o3, 'exchange', 'quality', [[0, 1], [1, 1]]))).toMatchObject({ shippingFen: 0, refundFen: 0 });
  });

  it('one open request per line: a second is 409; other lines of the order may be asked for; bad drafts are 400', async () => {
    const u = await buyer();
    const a = await makeSku({ priceFen: 6_000 });
    const b = await makeSku({ priceFen: 6_000 });
    const o = await bought(u, op, [{ sku: a, quantity: 2 }, { sku: b }], 'completed');
    const first = await ask(u, draft(o, 'return_refund', 'seven_days', [[0, 1]]));
    const busy = `「${a.productName}」已有进行中的售后申请（${first.afterSaleNo}），请等它处理完`;
    expect(await expectFail(409, shopper.create(u, draft(o, 'exchange', 'quality', [[0, 1]])))).toBe(busy);
    expect(await expectFail(409, shopper.create(u, draft(o, 'return_refund', 'seven_days', [[1, 1], [0, 1]])))).toBe(busy);
    const opts = await expectOk(shopper.options(u, o.orderNo));
    expect(opts.lines.map((l) => [l.available, l.openAfterSaleNo])).toEqual([
      [0, first.afterSaleNo],
      [1, null],
    ]);
    expect((await ask(u, draft(o, 'exchange', 'quality', [[1, 1]]))).status).toBe('pending_review');

    const d = draft(o, 'return_refund', 'seven_days', [[1, 1]]);
    const bad: [unknown, string | RegExp][] = [
      [{ ...d, items: [] }, '请选择要退换的商品'],
      [{ ...d, items: [{ orderItemId: o.lines[0].id, quantity: 0 }] }, /退换数量/],
      [{ ...d, items: [{ orderItemId: 2_000_000, quantity: 1 }] }, '所选商品不在该订单中'],
      [{ ...d, type: 'swap' }, /售后类型/],
      [{ ...d, reason: 'bored' }, /售后原因/],
      [{ ...d, description: '长'.repeat(201) }, '问题描述不能超过 200 个字'],
      [{ ...d, orderNo: '123' }, '订单编号不正确'],
    ];
    for (const [body, message] of bad) {
      const got = await expectFail(400, shopper.create(u, body));
      if (typeof message === 'string') expect(got).toBe(message);
      else expect(got).toMatch(message);
    }
    const other = await bought(u, op, [{ sku: b, quantity: 2 }], 'completed');
    const twice = { ...draft(other, 'return_refund', 'seven_days', [[0, 1]]), items: [{ orderItemId: other.lines[0].id, quantity: 1 }, { orderItemId: other.lines[0].id, quantity: 1 }] };
    expect(await expectFail(400, shopper.create(u, twice))).toBe(`「${b.productName}」重复选择了`);
    // A line of another order of the same shopper is not a line of this one.
    expect(await expectFail(400, shopper.create(u, { ...d, items: [{ orderItemId: other.lines[0].id, quantity: 1 }] }))).toBe('所选商品不在该订单中');
  });
});

describe('取消订单 of a paid order', () => {
  it('with goods and activation codes: every line refunded at once (stock back, codes revoked), 退款中 → 已退款', async () => {
    const u = await buyer();
    const device = await makeSku({ priceFen: 3_000, stock: 10 });
    const svc = await makeSku({ kind: 'service', priceFen: 5_000 });
    const o = await bought(u, op, [{ sku: device, quantity: 2 }, { sku: svc }], 'paid');
    expect(o.totalFen).toBe(12_000); // the goods come to ¥60: ¥10 shipping (codes ship nothing)
    expect(o.licenses).toHaveLength(1);
    expect(o.actions.cancel).toBe(true);
    const done = await expectOk(cancelOrder(u, o.orderNo));
    expect(done).toMatchObject({ status: 'refunded', refundedFen: 12_000, afterSale: null });
    expect(await stockOf(device.skuId)).toBe(10);
    expect((await licensesOf(o.orderNo)).every((l) => l.revokedAt !== null)).toBe(true);
    const rows = await refundsOfOrder(o.orderNo);
    expect(rows.reduce((n, r) => n + r.amountFen, 0)).toBe(12_000);
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
  });

  it('with an activated code it is refused, and nothing changes', async () => {
    const u = await buyer();
    const device = await makeSku({ priceFen: 3_000, stock: 10 });
    const o = await bought(u, op, [{ sku: device }, { sku: await makeSku({ kind: 'service', priceFen: 5_000 }) }], 'paid');
    await expectOk(shopper.activate(u, o.licenses[0].code));
    expect((await readOrder(u, o.orderNo)).actions.cancel).toBe(false);
    expect(await expectFail(409, cancelOrder(u, o.orderNo))).toMatch(/激活/);
    expect(await stockOf(device.skuId)).toBe(9);
    expect(await refundsOfOrder(o.orderNo)).toEqual([]);
    expect((await orderRow(o.orderNo)).status).toBe('paid');
  });

  it('once something of the order is in after-sales, 取消订单 is no longer offered', async () => {
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 3_000 }), quantity: 2 }], 'paid');
    await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]]));
    expect((await readOrder(u, o.orderNo)).actions.cancel).toBe(false);
    expect(await expectFail(409, cancelOrder(u, o.orderNo))).toBe('订单已有售后记录或状态已变化，请在「申请售后」中处理');
    expect((await refundsOfOrder(o.orderNo)).map((r) => r.amountFen)).toEqual([3_000]);
  });
});

describe("the console's whole-order 退款 beside after-sales", () => {
  it('waits while a request of the order is open, then refunds only what is left', async () => {
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 5_000 }), quantity: 2 }], 'paid');
    refundDesk.mode = 'later';
    const a = await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]]));
    expect(a.status).toBe('refunding');
    const refund = (orderNo: string) => call(adminRefundPost, req('POST', `/admin/orders/${orderNo}/refund`, { reason: '缺货' }, { token: op.token }), ctx({ orderNo }));
    expect(await expectFail(409, refund(o.orderNo))).toBe('该订单有进行中的售后申请，请先在售后中处理');
    const [first] = await refundsOfOrder(o.orderNo);
    expect(await settleRefund(first.id)).toBe(true);
    refundDesk.mode = 'instant';
    await expectOk(refund(o.orderNo));
    const rows = await refundsOfOrder(o.orderNo);
    expect(rows.map((r) => [r.amountFen, r.status, r.afterSaleId === null])).toEqual([
      [5_000, 'succeeded', false],
      [5_000, 'succeeded', true],
    ]);
    expect(await readOrder(u, o.orderNo)).toMatchObject({ status: 'refunded', refundedFen: 10_000, afterSale: null });
  });
});

describe('the invoice follows a partial refund', () => {
  async function invoiced(u: Buyer, orderNo: string) {
    const inv = await expectOk(call<{ id: number }>(invoicesPost, req('POST', '/invoices', { orderNo, invoiceType: 'normal', titleType: 'personal', title: '王小明', email: 'a@example.com' }, { token: u.token })));
    return inv.id;
  }
  const invoiceRow = async (id: number) => {
    const db = await getDb();
    const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
    return row;
  };

  it('a pending invoice is now for the remainder; the whole order back rejects it', async () => {
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 6_000 }) }, { sku: await makeSku({ priceFen: 5_000 }) }], 'completed');
    const id = await invoiced(u, o.orderNo);
    expect(await invoiceRow(id)).toMatchObject({ status: 'pending', amountFen: 11_000 });
    const r = await ask(u, draft(o, 'refund_only', 'damaged', [[0, 1]]));
    await expectOk(desk.approve(op, r.afterSaleNo));
    expect(await invoiceRow(id)).toMatchObject({ status: 'pending', amountFen: 5_000, reversal: null });
    await returned(u, draft(o, 'return_refund', 'seven_days', [[1, 1]]));
    expect(await invoiceRow(id)).toMatchObject({ status: 'rejected' });
  });

  it("an issued invoice is marked for 红冲 (reversal 'pending'); 红冲完成 puts it back to 待开票 for the remainder", async () => {
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 6_000 }) }, { sku: await makeSku({ priceFen: 5_000 }) }], 'completed');
    const id = await invoiced(u, o.orderNo);
    await issueInvoice(id, op.userId);
    expect(await invoiceRow(id)).toMatchObject({ status: 'issued', amountFen: 11_000, reversal: null });
    await returned(u, draft(o, 'return_refund', 'quality', [[1, 1]]));
    expect(await invoiceRow(id)).toMatchObject({ status: 'issued', amountFen: 11_000, reversal: 'pending' });
    await completeInvoiceReversal(id, op.userId);
    expect(await invoiceRow(id)).toMatchObject({ status: 'pending', amountFen: 6_000, reversal: null, invoiceNo: null });
  });
});

describe("another shopper's", () => {
  it('order is 404 for options, preview and create; requests are 404 for every route and absent from the list', async () => {
    const owner = await buyer();
    const other = await buyer();
    const o = await bought(owner, op, [{ sku: await makeSku({ priceFen: 6_000 }), quantity: 2 }], 'completed');
    const d = draft(o, 'return_refund', 'seven_days', [[0, 1]]);
    expect(await expectFail(404, shopper.options(other, o.orderNo))).toBe('订单不存在');
    expect(await expectFail(404, shopper.preview(other, d))).toBe('订单不存在');
    expect(await expectFail(404, shopper.create(other, d))).toBe('订单不存在');

    const a = await approved(owner, d);
    for (const run of [shopper.get, shopper.cancel, shopper.returnShipment, shopper.confirm]) {
      expect(await expectFail(404, run(other, a.afterSaleNo))).toBe('售后申请不存在');
    }
    expect((await expectOk(shopper.list(other))).items).toEqual([]);
    expect((await afterSaleRow(a.afterSaleNo)).status).toBe('awaiting_return');
    // The owner still sees it as it was.
    expect((await expectOk(shopper.get(owner, a.afterSaleNo))).status).toBe('awaiting_return');
    expect(await expectFail(416, shopper.get({ ...owner, token: '' }, a.afterSaleNo))).toMatch(/登录/);
  });

  async function approved(u: Buyer, d: Draft) {
    const a = await ask(u, d);
    return expectOk(desk.approve(op, a.afterSaleNo));
  }
});

describe('the total', () => {
  it('what the requests of an order give back never goes over what was paid (409), whatever the lines say', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 2_000 });
    const o = await bought(u, op, [{ sku }, { sku: await makeSku({ priceFen: 3_000 }) }], 'completed');
    expect(o.totalFen).toBe(6_000);
    // A line whose recorded share is more than the order took (a pricing bug elsewhere) cannot draw more money.
    await setPaidFen(o.lines[0].id, 5_500);
    await returned(u, draft(o, 'return_refund', 'seven_days', [[0, 1]]));
    expect(await expectFail(409, shopper.create(u, draft(o, 'return_refund', 'seven_days', [[1, 1]])))).toBe('退款总额不能超过订单实付金额');
    const rows = await refundsOfOrder(o.orderNo);
    expect(rows.reduce((n, r) => n + r.amountFen, 0)).toBeLessThanOrEqual(6_000);
  });
});
