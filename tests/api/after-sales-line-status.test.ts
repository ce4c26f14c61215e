/**
 * What a line of an order says about after-sales, on PGlite and PostgreSQL: the apply screen's reason
 * per line when none of it may be asked for now, and when it may (an open request and its number, 已全部退款,
 * the window closed, not paid yet, the order closed); the order's lines naming their requests (查看退款)
 * and the order's refunds split into 已退款 (settled) and 退款中 (under way), to the fen.
 */
import { describe, expect, it } from 'vitest';
import { settleRefund } from '@/lib/server/flows/refund-settled';
import {
  afterSalesSuite,
  ask,
  backdate,
  bought,
  buyer,
  cancelOrder,
  daysAgo,
  desk,
  draft,
  expectOk,
  placeOrder,
  readOrder,
  refundDesk,
  refundsOfOrder,
  shopper,
} from './after-sales-kit';
import { makeSku, type Shopper } from './session';

let op: Shopper;
afterSalesSuite((o) => (op = o));

describe('why a line cannot be asked for, and when it can', () => {
  it('an open request names itself and its state; a line fully refunded says 已全部退款; the other line stays free', async () => {
    const u = await buyer();
    const a = await makeSku({ priceFen: 6_000 });
    const b = await makeSku({ priceFen: 4_000 });
    const o = await bought(u, op, [{ sku: a, quantity: 2 }, { sku: b }], 'completed');

    const first = await ask(u, draft(o, 'return_refund', 'seven_days', [[0, 1]]));
    let opts = await expectOk(shopper.options(u, o.orderNo));
    expect(opts.lines.map((l) => [l.available, l.blocked])).toEqual([
      [0, { code: 'in_after_sale', label: `正在售后中（售后单 ${first.afterSaleNo}，待审核），处理完成后可再申请`, quantity: 1, afterSaleNo: first.afterSaleNo }],
      [1, null],
    ]);

    // Approved: the label follows the request's state.
    await expectOk(desk.approve(op, first.afterSaleNo));
    opts = await expectOk(shopper.options(u, o.orderNo));
    expect(opts.lines[0].blocked?.label).toBe(`正在售后中（售后单 ${first.afterSaleNo}，待寄回），处理完成后可再申请`);

    // The whole of line b comes back for money: 已全部退款, naming the request.
    const whole = await ask(u, draft(o, 'refund_only', 'damaged', [[1, 1]]));
    await expectOk(desk.approve(op, whole.afterSaleNo));
    opts = await expectOk(shopper.options(u, o.orderNo));
    expect(opts.lines[1]).toMatchObject({ available: 0, blocked: { code: 'refunded', label: '已全部退款', quantity: 1, afterSaleNo: whole.afterSaleNo } });
  });

  it('a window that closed says which and how long; an unpaid order waits for payment; a cancelled one is closed', async () => {
    const u = await buyer();
    const a = await makeSku({ priceFen: 5_000 });
    const o = await bought(u, op, [{ sku: a, quantity: 2 }], 'completed');
    await backdate(o.orderNo, { completedAt: daysAgo(16) });
    const late = await expectOk(shopper.options(u, o.orderNo));
    expect(late.lines[0]).toMatchObject({ available: 0, blocked: { code: 'expired', label: '已超过售后期限（签收后 15 天）', quantity: 2, afterSaleNo: null } });
    // After seven days only 七天无理由 has closed: the line may still be asked for.
    await backdate(o.orderNo, { completedAt: daysAgo(8) });
    expect((await expectOk(shopper.options(u, o.orderNo))).lines[0]).toMatchObject({ available: 2, blocked: null });

    const unpaid = await placeOrder(u, [{ sku: a }]);
    expect((await expectOk(shopper.options(u, unpaid.orderNo))).lines[0].blocked).toMatchObject({ code: 'unpaid', label: '订单付款后可申请售后' });
    await cancelOrder(u, unpaid.orderNo);
    expect((await expectOk(shopper.options(u, unpaid.orderNo))).lines[0].blocked).toMatchObject({ code: 'closed', label: '订单已取消，不能申请售后' });
  });
});

describe('the order names each line’s requests and splits its refunds', () => {
  it('退款中 while the provider has not settled, then 已退款; each line lists its requests; another shopper sees none of it', async () => {
    const u = await buyer();
    const a = await makeSku({ priceFen: 6_000 });
    const b = await makeSku({ priceFen: 3_333 });
    const o = await bought(u, op, [{ sku: a, quantity: 2 }, { sku: b }], 'paid');
    expect(await readOrder(u, o.orderNo)).toMatchObject({ refundedFen: 0, refundSettledFen: 0, refundingFen: 0 });
    expect(o.lines.map((l) => l.afterSales)).toEqual([[], []]);

    refundDesk.mode = 'later';
    const one = await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]]));
    expect(one.status).toBe('refunding');
    let seen = await readOrder(u, o.orderNo);
    expect(seen).toMatchObject({ refundedFen: 6_000, refundSettledFen: 0, refundingFen: 6_000 });
    expect(seen.lines[0].afterSales).toEqual([
      { afterSaleNo: one.afterSaleNo, type: 'refund_only', typeLabel: '仅退款', status: 'refunding', statusLabel: '退款中', quantity: 1 },
    ]);
    expect(seen.lines[1].afterSales).toEqual([]);

    const [r] = await refundsOfOrder(o.orderNo);
    expect(await settleRefund(r.id)).toBe(true);
    refundDesk.mode = 'instant';
    const two = await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[1, 1]]));
    seen = await readOrder(u, o.orderNo);
    expect(seen).toMatchObject({ refundedFen: 9_333, refundSettledFen: 9_333, refundingFen: 0, afterSale: { state: 'partial', label: '部分退款' } });
    expect(seen.lines.map((l) => l.afterSales.map((x) => [x.afterSaleNo, x.statusLabel]))).toEqual([[[one.afterSaleNo, '已退款']], [[two.afterSaleNo, '已退款']]]);

    const other = await buyer();
    expect((await shopper.options(other, o.orderNo)).body.resultCode).toBe(404);
  });
});
