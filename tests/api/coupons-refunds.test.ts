/**
 * Coupons and money going back, on PGlite and PostgreSQL (docs/coupons.md#states, #split): a 仅退款
 * of one line refunds what that line paid after its share of the discount and leaves the coupon used;
 * an order whose money all went back (取消订单 of a paid order) gives its coupon back.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as claimPost } from '@/app/api/v1/coupons/[id]/claim/route';
import { getDb } from '@/lib/server/db/client';
import { coupons, couponTemplates, orderItems } from '@/lib/server/db/schema';
import { settleRefund } from '@/lib/server/flows/refund-settled';
import type { MyCoupon } from '@/lib/server/modules/coupons';
import { afterSalesSuite, ask, bought, buyer, cancelOrder, draft, expectOk, readOrder, refundDesk, refundsOfOrder, type Buyer } from './after-sales-kit';
import { ctx, makeSku, ok, orderRow, req, type Shopper } from './session';

let op: Shopper;
afterSalesSuite((o) => (op = o));

async function give(u: Buyer, amountFen: number): Promise<number> {
  const db = await getDb();
  const [t] = await db
    .insert(couponTemplates)
    .values({ name: `退款测试 ${amountFen}`, kind: 'no_threshold', amountFen, validityType: 'days', validDays: 7, perUserLimit: 5, issue: 'claim' })
    .returning({ id: couponTemplates.id });
  return (await ok<MyCoupon>(claimPost, req('POST', `/coupons/${t.id}/claim`, {}, { token: u.token }), ctx({ id: t.id }))).id;
}

const couponRow = async (id: number) => (await (await getDb()).select().from(coupons).where(eq(coupons.id, id)))[0];

describe('coupons and refunds', () => {
  it('仅退款 of one line gives back what it paid after its share of the discount; the coupon stays used', async () => {
    const u = await buyer();
    const a = await makeSku({ priceFen: 6_000 });
    const b = await makeSku({ priceFen: 4_000 });
    const id = await give(u, 1_000);
    const o = await bought(u, op, [{ sku: a }, { sku: b }], 'paid');
    expect(o).toMatchObject({ itemsTotalFen: 10_000, discountFen: 1_000, totalFen: 9_000 });
    const lines = await (await getDb()).select().from(orderItems).where(eq(orderItems.orderId, (await orderRow(o.orderNo)).id));
    const lineA = lines.find((l) => l.skuId === a.skuId)!;
    expect([lineA.discountFen, lineA.paidFen]).toEqual([600, 5_400]);

    const index = o.lines.findIndex((l) => l.skuId === a.skuId);
    const refund = await ask(u, draft(o, 'refund_only', 'no_longer_needed', [[index, 1]]));
    expect(refund).toMatchObject({ status: 'refunded', refundFen: 5_400 });
    expect((await readOrder(u, o.orderNo)).status).toBe('paid');
    expect((await couponRow(id)).status).toBe('used');
  });

  it('取消订单 of a paid order: all the money back, and the coupon with it', async () => {
    refundDesk.mode = 'later';
    const u = await buyer();
    const sku = await makeSku({ priceFen: 19_900 });
    const id = await give(u, 2_000);
    const o = await bought(u, op, [{ sku }], 'paid');
    expect(o.totalFen).toBe(17_900);
    await expectOk(cancelOrder(u, o.orderNo));
    // Still 退款中: the coupon waits for the money.
    expect((await couponRow(id)).status).toBe('used');
    const [r] = await refundsOfOrder(o.orderNo);
    expect(r.amountFen).toBe(17_900);
    expect(await settleRefund(r.id)).toBe(true);
    expect((await readOrder(u, o.orderNo)).status).toBe('refunded');
    expect(await couponRow(id)).toMatchObject({ status: 'unused', orderId: null });
  });
});
