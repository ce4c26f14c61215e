/**
 * After-sales refunds through the demo gateways themselves (docs/after-sales.md#money), on PGlite and
 * PostgreSQL: several partial refunds of one payment, each with its own refund number, settled by
 * Alipay's answer at once or by WeChat Pay's refund notification a moment later; the request goes
 * 退款中 → 已退款, the order 部分退款 and at the end 已退款, and the gateway's own refunds add up to
 * the trade. The other after-sales files answer the refund call themselves (after-sales-kit.ts), so
 * this is the one that depends on the gateways' partial refunds.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/server/db/client';
import { paymentNotifications, sandboxRefunds, sandboxTrades } from '@/lib/server/db/schema';
import { eventually } from './http-harness';
import {
  afterSaleRow,
  ask,
  buyer,
  draft,
  payOrder,
  payOrderAlipay,
  paymentOf,
  placeOrder,
  readOrder,
  refundsOfOrder,
  withGateway,
  type Buyer,
} from './after-sales-kit';
import { makeSku } from './session';

withGateway();

async function gatewayRefunds(paymentNo: string) {
  const db = await getDb();
  const [t] = await db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, paymentNo));
  return db.select().from(sandboxRefunds).where(eq(sandboxRefunds.tradeId, t.id)).orderBy(asc(sandboxRefunds.id));
}

/** A paid order of 3 units at ¥40 (¥120: ships free), paid through `pay`. */
async function paidOrder(u: Buyer, pay: typeof payOrder) {
  const placed = await placeOrder(u, [{ sku: await makeSku({ priceFen: 4_000, stock: 10 }), quantity: 3 }]);
  return pay(u, placed.orderNo);
}

describe('partial refunds at the demo gateways', () => {
  it('Alipay: three refunds of one payment, each settled by the answer at once; the trade refunded in full at the end', async () => {
    const u = await buyer();
    const o = await paidOrder(u, payOrderAlipay);
    const p = await paymentOf(o.orderNo);
    expect(p.channel).toBe('alipay_page');
    for (const [n, label] of [
      [1, '部分退款'],
      [2, '部分退款'],
    ] as const) {
      const a = await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]]));
      expect(a.status, a.timeline[0].note).toBe('refunded');
      expect(await readOrder(u, o.orderNo)).toMatchObject({ status: 'paid', refundedFen: n * 4_000, afterSale: { label } });
    }
    const last = await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]]));
    expect(last.status).toBe('refunded');
    expect(await readOrder(u, o.orderNo)).toMatchObject({ status: 'refunded', refundedFen: 12_000, afterSale: null });

    const ours = await refundsOfOrder(o.orderNo);
    expect(ours.map((r) => [r.amountFen, r.status])).toEqual(Array(3).fill([4_000, 'succeeded']));
    const theirs = await gatewayRefunds(p.paymentNo);
    expect(theirs.map((r) => [r.refundNo, r.amountFen, r.status])).toEqual(ours.map((r) => [r.refundNo, 4_000, 'SUCCESS']));
  });

  it('WeChat Pay: each partial refund 退款中 until its notification arrives, then 已退款; one notification each', async () => {
    const u = await buyer();
    const o = await paidOrder(u, payOrder);
    const p = await paymentOf(o.orderNo);
    expect(p.channel).toBe('wechat_native');
    for (let i = 0; i < 3; i++) {
      const a = await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[0, 1]]));
      expect(['refunding', 'refunded']).toContain(a.status);
      expect(await eventually(async () => (await afterSaleRow(a.afterSaleNo)).status === 'refunded')).toBe(true);
    }
    expect(await eventually(async () => (await readOrder(u, o.orderNo)).status === 'refunded')).toBe(true);
    const ours = await refundsOfOrder(o.orderNo);
    expect(ours.map((r) => [r.amountFen, r.status])).toEqual(Array(3).fill([4_000, 'succeeded']));
    expect((await gatewayRefunds(p.paymentNo)).map((r) => [r.refundNo, r.amountFen, r.status])).toEqual(ours.map((r) => [r.refundNo, 4_000, 'SUCCESS']));
    const db = await getDb();
    const outcomes = (await db.select().from(paymentNotifications).where(eq(paymentNotifications.paymentNo, p.paymentNo))).map((n) => n.outcome).sort();
    expect(outcomes).toEqual(['paid', 'refund_settled', 'refund_settled', 'refund_settled']);
  });
});
