/**
 * 运费补偿 (docs/after-sales.md#return-shipping), on PGlite and PostgreSQL: a shop-fault exchange or
 * return states the return shipping with the waybill (at most RETURN_SHIPPING_CAP_FEN), the operator
 * approves it after 收货 and it is paid as a refund of its own through the order's payment (the demo
 * gateway), shown on the request and the order; 七天无理由 states none; another shopper sees nothing;
 * approving twice (and, on PostgreSQL, 20 times at once) pays once; the refunds never exceed the
 * payment; the invoice is not reduced for it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as invoicesPost } from '@/app/api/v1/invoices/route';
import { POST as decidePost } from '@/app/api/v1/admin/aftersales/[afterSaleNo]/return-shipping/route';
import { POST as retryPost } from '@/app/api/v1/admin/aftersales/[afterSaleNo]/return-shipping/refund/route';
import { RETURN_SHIPPING_RULE } from '@/lib/domain/after-sale';
import { RETURN_SHIPPING_CAP_FEN } from '@/lib/domain/after-sale-rules';
import { getDb } from '@/lib/server/db/client';
import { invoices } from '@/lib/server/db/schema';
import type { AdminAfterSale } from '@/lib/server/views/console-after-sales';
import type { AfterSale } from '@/lib/server/modules/after-sales';
import { eventually } from './http-harness';
import {
  afterSaleRow,
  afterSalesSuite,
  ask,
  bought,
  buyer,
  desk,
  draft,
  expectFail,
  expectOk,
  paymentOf,
  readOrder,
  refundDesk,
  refundsOfOrder,
  shopper,
  type Buyer,
} from './after-sales-kit';
import { call, ctx, makeSku, orderRow, req, type Shopper } from './session';

let op: Shopper;
afterSalesSuite((o) => (op = o));

const decide = (who: Shopper, no: string, body: unknown) =>
  call<AdminAfterSale>(decidePost, req('POST', `/admin/aftersales/${no}/return-shipping`, body, { token: who.token }), ctx({ afterSaleNo: no }));
const retry = (who: Shopper, no: string) => call<AdminAfterSale>(retryPost, req('POST', `/admin/aftersales/${no}/return-shipping/refund`, {}, { token: who.token }), ctx({ afterSaleNo: no }));

const WAYBILL = { carrier: '中通快递', trackingNo: 'ZT7800000001' };

/** A request approved and its goods on their way back with `fee` stated; the request as the shopper sees it. */
async function sentBack(u: Buyer, d: ReturnType<typeof draft>, fee: unknown): Promise<AfterSale> {
  const a = await ask(u, d);
  await expectOk(desk.approve(op, a.afterSaleNo));
  return expectOk(shopper.returnShipment(u, a.afterSaleNo, { ...WAYBILL, shippingFee: fee }));
}

/** A received order of one device at ¥150 (ships free), exchanged for 商品质量问题, the goods on their way back with ¥12.00 stated. */
async function exchangeSentBack(u: Buyer) {
  const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 15_000, stock: 5 }) }], 'completed');
  const a = await sentBack(u, draft(o, 'exchange', 'quality', [[0, 1]]), '12.00');
  return { o, a };
}

describe('运费补偿 of a shop-fault exchange', () => {
  it('the shopper states ¥12.00 with the waybill; after 收货 the operator approves it; a refund of its own pays it through the demo gateway to 已退款, on the request and the order', async () => {
    refundDesk.mode = 'gateway';
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 15_000, stock: 5 }) }], 'completed');
    const inv = await call(invoicesPost, req('POST', '/invoices', { orderNo: o.orderNo, invoiceType: 'normal', titleType: 'personal', title: '王小明', email: 'wang@example.com' }, { token: u.token }));
    expect(inv.body.resultCode, inv.body.message).toBe(200);
    const asked = await ask(u, draft(o, 'exchange', 'quality', [[0, 1]]));
    const approved = await expectOk(desk.approve(op, asked.afterSaleNo));
    // The approval says the real rule, not a refund an exchange never has.
    expect(approved.timeline[0].note).toContain(RETURN_SHIPPING_RULE.shop);
    expect(approved.timeline[0].note).not.toContain('退款时一并退还');

    const a = await expectOk(shopper.returnShipment(u, asked.afterSaleNo, { ...WAYBILL, shippingFee: '12.00' }));
    expect(a.status).toBe('returning');
    expect(a.returnShipping).toEqual({ statedFen: 1_200, approvedFen: null, note: null, refund: null });
    expect(a.timeline[0].note).toBe('您已寄回商品：中通快递，运单号 ZT7800000001，垫付运费 ¥12.00');

    // Not before the goods are back.
    expect(await expectFail(409, decide(op, a.afterSaleNo, { amount: '12.00' }))).toBe('商家确认收货后才能处理运费补偿');
    const received = await expectOk(desk.receive(op, a.afterSaleNo, true));
    expect(received).toMatchObject({ status: 'received', operations: { returnShipping: true, retryReturnShipping: false }, returnShippingMaxFen: 1_200 });

    const paid = await expectOk(decide(op, a.afterSaleNo, { amount: '12.00' }));
    expect(paid.status).toBe('received'); // the exchange goes on: 换新发出 next
    expect(paid.operations.returnShipping).toBe(false);
    expect(paid.refunds[0]).toMatchObject({ kind: 'return_shipping', kindLabel: '运费补偿', amountFen: 1_200 });

    const rows = await refundsOfOrder(o.orderNo);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'return_shipping', amountFen: 1_200, afterSaleId: (await afterSaleRow(a.afterSaleNo)).id });
    expect(rows[0].paymentId).toBe((await paymentOf(o.orderNo)).id);
    expect(await eventually(async () => (await refundsOfOrder(o.orderNo))[0].status === 'succeeded')).toBe(true);

    const seen = await expectOk(shopper.get(u, a.afterSaleNo));
    expect(seen.status).toBe('received');
    expect(seen.returnShipping).toMatchObject({ statedFen: 1_200, approvedFen: 1_200, refund: { amountFen: 1_200, status: 'succeeded', statusLabel: '已退款' } });
    expect(seen.timeline.map((t) => t.note)).toEqual(expect.arrayContaining(['商家同意运费补偿 ¥12.00，原路退回', '运费补偿 ¥12.00 已原路退回']));

    // The order: no goods refunded (an exchange gives no money), 运费补偿 beside it; the invoice is not reduced for it.
    const order = await readOrder(u, o.orderNo);
    expect(order).toMatchObject({ status: 'completed', refundedFen: 0, afterSale: { label: '售后中' } });
    expect(order.returnShippingRefunds).toEqual([{ amountFen: 1_200, status: 'succeeded', statusLabel: '已退款' }]);
    const db = await getDb();
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, (await orderRow(o.orderNo)).id));
    expect(invoice).toMatchObject({ status: 'pending', amountFen: 15_000, reversal: null });

    // The exchange finishes as before; the compensation stays paid once.
    await expectOk(desk.reship(op, a.afterSaleNo));
    expect((await expectOk(shopper.confirm(u, a.afterSaleNo))).status).toBe('completed');
    expect(await expectFail(409, decide(op, a.afterSaleNo, { amount: '12.00' }))).toBe('运费补偿已处理过，不能重复处理');
    expect((await refundsOfOrder(o.orderNo)).map((r) => [r.kind, r.amountFen, r.status])).toEqual([['return_shipping', 1_200, 'succeeded']]);
  });

  it('approving twice pays once; less than stated needs a reason; more than stated is refused', async () => {
    const u = await buyer();
    const { o, a } = await exchangeSentBack(u);
    await expectOk(desk.receive(op, a.afterSaleNo, false));
    expect(await expectFail(400, decide(op, a.afterSaleNo, { amount: '12.01' }))).toBe('补偿金额不能超过买家填写的运费 ¥12.00');
    expect(await expectFail(400, decide(op, a.afterSaleNo, { amount: '8' }))).toBe('少于买家填写的运费时请填写原因（买家可见）');
    expect(await expectFail(400, decide(op, a.afterSaleNo, { amount: '8.001', reason: '按快递公司标准价' }))).toMatch(/最多两位小数/);
    const done = await expectOk(decide(op, a.afterSaleNo, { amount: '8', reason: '按快递公司首重标准价补偿' }));
    expect(done.returnShipping).toMatchObject({ statedFen: 1_200, approvedFen: 800, note: '按快递公司首重标准价补偿' });
    expect(done.timeline.map((t) => t.note).slice(0, 2)).toEqual(['运费补偿 ¥8.00 已原路退回', '商家同意运费补偿 ¥8.00（您填写 ¥12.00，原因：按快递公司首重标准价补偿），原路退回']);
    expect(await expectFail(409, decide(op, a.afterSaleNo, { amount: '8', reason: '再来一次' }))).toBe('运费补偿已处理过，不能重复处理');
    expect((await refundsOfOrder(o.orderNo)).map((r) => [r.kind, r.amountFen, r.status])).toEqual([['return_shipping', 800, 'succeeded']]);
  });

  it('refused with 0 and a reason: no refund, the shopper reads why', async () => {
    const u = await buyer();
    const { o, a } = await exchangeSentBack(u);
    await expectOk(desk.receive(op, a.afterSaleNo, true));
    expect(await expectFail(400, decide(op, a.afterSaleNo, { amount: '0' }))).toBe('不予补偿时请填写原因（买家可见）');
    await expectOk(decide(op, a.afterSaleNo, { amount: '0', reason: '运单显示为到付，运费已由商家支付' }));
    const seen = await expectOk(shopper.get(u, a.afterSaleNo));
    expect(seen.returnShipping).toMatchObject({ approvedFen: 0, note: '运单显示为到付，运费已由商家支付', refund: null });
    expect(seen.timeline[0].note).toBe('商家不予补偿寄回运费（您填写 ¥12.00），原因：运单显示为到付，运费已由商家支付');
    expect(await refundsOfOrder(o.orderNo)).toEqual([]);
  });

  it('the provider refuses the refund: 重新退款 sends one new refund, never two at once', async () => {
    const u = await buyer();
    const { o, a } = await exchangeSentBack(u);
    await expectOk(desk.receive(op, a.afterSaleNo, true));
    expect(await expectFail(409, retry(op, a.afterSaleNo))).toBe('只有退款失败的运费补偿可以重新退款');
    refundDesk.mode = 'refused';
    const failed = await expectOk(decide(op, a.afterSaleNo, { amount: '12.00' }));
    expect(failed.operations.retryReturnShipping).toBe(true);
    expect(failed.operations.retryRefund).toBe(false); // the exchange's own state is untouched
    refundDesk.mode = 'instant';
    const again = await expectOk(retry(op, a.afterSaleNo));
    expect(again.operations.retryReturnShipping).toBe(false);
    expect(await expectFail(409, retry(op, a.afterSaleNo))).toBe('只有退款失败的运费补偿可以重新退款');
    expect((await refundsOfOrder(o.orderNo)).map((r) => [r.kind, r.amountFen, r.status])).toEqual([
      ['return_shipping', 1_200, 'failed'],
      ['return_shipping', 1_200, 'succeeded'],
    ]);
    expect((await expectOk(shopper.get(u, a.afterSaleNo))).returnShipping?.refund).toMatchObject({ status: 'succeeded' });
  });
});

describe('what may be stated, and by whom', () => {
  it(`over the cap, zero or not an amount → 400; 七天无理由 states none (400); none stated → nothing to approve`, async () => {
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 15_000, stock: 5 }) }, { sku: await makeSku({ priceFen: 5_000, stock: 5 }) }], 'completed');
    const a = await ask(u, draft(o, 'exchange', 'damaged', [[0, 1]]));
    await expectOk(desk.approve(op, a.afterSaleNo));
    const cap = (RETURN_SHIPPING_CAP_FEN / 100).toFixed(2);
    expect(await expectFail(400, shopper.returnShipment(u, a.afterSaleNo, { ...WAYBILL, shippingFee: '20.01' }))).toBe(`寄回运费最多 ¥${cap}（商家承担的寄回运费上限）`);
    expect(await expectFail(400, shopper.returnShipment(u, a.afterSaleNo, { ...WAYBILL, shippingFee: '0' }))).toBe('寄回运费应大于 0；没有运费可不填');
    expect(await expectFail(400, shopper.returnShipment(u, a.afterSaleNo, { ...WAYBILL, shippingFee: '十二元' }))).toBe('寄回运费请填写金额（元），最多两位小数，如 12.00');
    expect((await afterSaleRow(a.afterSaleNo)).status).toBe('awaiting_return');
    // At the cap, as a number: accepted.
    expect((await expectOk(shopper.returnShipment(u, a.afterSaleNo, { ...WAYBILL, shippingFee: 20 }))).returnShipping?.statedFen).toBe(RETURN_SHIPPING_CAP_FEN);

    const own = await ask(u, draft(o, 'return_refund', 'seven_days', [[1, 1]]));
    const approved = await expectOk(desk.approve(op, own.afterSaleNo));
    expect(approved.timeline[0].note).toContain(RETURN_SHIPPING_RULE.shopper);
    expect(await expectFail(400, shopper.returnShipment(u, own.afterSaleNo, { ...WAYBILL, shippingFee: '12.00' }))).toBe('「七天无理由退货」的寄回运费由您承担，不能填写运费');
    const sent = await expectOk(shopper.returnShipment(u, own.afterSaleNo, WAYBILL));
    expect(sent.returnShipping).toBeNull();
    await expectOk(desk.receive(op, own.afterSaleNo, true));
    expect((await expectOk(desk.get(op, own.afterSaleNo))).operations.returnShipping).toBe(false);
    expect(await expectFail(409, decide(op, own.afterSaleNo, { amount: '12.00' }))).toBe('买家没有填写寄回运费，无需运费补偿');
  });

  it("another shopper cannot see or fill in someone's return (404), nor approve it (403)", async () => {
    const u = await buyer();
    const stranger = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 15_000, stock: 5 }) }], 'completed');
    const a = await ask(u, draft(o, 'exchange', 'quality', [[0, 1]]));
    await expectOk(desk.approve(op, a.afterSaleNo));
    expect(await expectFail(404, shopper.returnShipment(stranger, a.afterSaleNo, { ...WAYBILL, shippingFee: '12.00' }))).toBe('售后申请不存在');
    await expectOk(shopper.returnShipment(u, a.afterSaleNo, { ...WAYBILL, shippingFee: '12.00' }));
    await expectOk(desk.receive(op, a.afterSaleNo, true));
    expect(await expectFail(404, shopper.get(stranger, a.afterSaleNo))).toBe('售后申请不存在');
    expect(await expectFail(403, decide(stranger, a.afterSaleNo, { amount: '12.00' }))).toBe('没有权限');
    expect(await expectFail(403, decide(u, a.afterSaleNo, { amount: '12.00' }))).toBe('没有权限');
    expect(await refundsOfOrder(o.orderNo)).toEqual([]);
  });
});

describe('never more than the payment, never what goods may still claim', () => {
  it('a shop-fault return of the whole order has nothing left: 409 says so, and it may be refused with a reason', async () => {
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 5_000, stock: 5 }) }], 'completed'); // ¥50 + ¥10 shipping
    const a = await sentBack(u, draft(o, 'return_refund', 'quality', [[0, 1]]), '15.50');
    const received = await expectOk(desk.receive(op, a.afterSaleNo, true));
    expect(received.refundFen).toBe(6_000);
    expect(received.returnShippingMaxFen).toBe(0);
    expect(await expectFail(409, decide(op, a.afterSaleNo, { amount: '15.50' }))).toBe(
      '该订单的实付金额已全部退还（或留待商品退款），运费补偿无法原路退回；请选择不予补偿并说明原因',
    );
    await expectOk(decide(op, a.afterSaleNo, { amount: '0', reason: '原支付已全额退款，运费已由客服另行补偿' }));
    const refunds = await refundsOfOrder(o.orderNo);
    expect(refunds.map((r) => [r.kind, r.amountFen])).toEqual([['goods', 6_000]]);
  });

  it('one line returned, the other exchanged, both the shop\'s fault: each return shipping paid once goods can claim nothing more, all within the payment', async () => {
    const u = await buyer();
    const o = await bought(u, op, [{ sku: await makeSku({ priceFen: 6_000, stock: 5 }) }, { sku: await makeSku({ priceFen: 4_000, stock: 5 }) }], 'completed'); // ¥100, ships free
    const back = await sentBack(u, draft(o, 'return_refund', 'not_as_described', [[0, 1]]), '9.90');
    await expectOk(desk.receive(op, back.afterSaleNo, true)); // ¥60 refunded: ¥40 left, which the second line may still claim
    expect((await expectOk(desk.get(op, back.afterSaleNo))).returnShippingMaxFen).toBe(0);
    expect(await expectFail(409, decide(op, back.afterSaleNo, { amount: '9.90' }))).toMatch(/运费补偿无法原路退回/);

    const ex = await sentBack(u, draft(o, 'exchange', 'quality', [[1, 1]]), '12.00');
    await expectOk(desk.receive(op, ex.afterSaleNo, true));
    // The second line is exchanged (kept): nothing of the order may still be claimed for goods.
    expect((await expectOk(desk.get(op, ex.afterSaleNo))).returnShippingMaxFen).toBe(1_200);
    await expectOk(decide(op, ex.afterSaleNo, { amount: '12.00' }));
    expect((await expectOk(desk.get(op, back.afterSaleNo))).returnShippingMaxFen).toBe(990);
    await expectOk(decide(op, back.afterSaleNo, { amount: '9.90' }));

    const refunds = await refundsOfOrder(o.orderNo);
    expect(refunds.map((r) => [r.kind, r.amountFen, r.status])).toEqual([
      ['goods', 6_000, 'succeeded'],
      ['return_shipping', 1_200, 'succeeded'],
      ['return_shipping', 990, 'succeeded'],
    ]);
    expect(refunds.reduce((n, r) => n + r.amountFen, 0)).toBeLessThanOrEqual((await paymentOf(o.orderNo)).amountFen);
    const order = await readOrder(u, o.orderNo);
    expect(order.refundedFen).toBe(6_000); // 运费补偿 is no part of the order refunded
    expect(order.returnShippingRefunds.map((r) => r.amountFen)).toEqual([1_200, 990]);
    expect(order.status).toBe('completed');
  });
});

describe.skipIf(process.env.TEST_DB === 'pglite')('运费补偿 under concurrency (PostgreSQL)', () => {
  it('20 approvals at once: one refund', async () => {
    const u = await buyer();
    const { o, a } = await exchangeSentBack(u);
    await expectOk(desk.receive(op, a.afterSaleNo, true));
    const rs = await Promise.all(Array.from({ length: 20 }, () => decide(op, a.afterSaleNo, { amount: '12.00' })));
    const codes = rs.map((r) => r.body.resultCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const refunds = await refundsOfOrder(o.orderNo);
    expect(refunds.map((r) => [r.kind, r.amountFen])).toEqual([['return_shipping', 1_200]]);
  });
});
