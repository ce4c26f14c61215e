/**
 * Refunds of 续费, 加席位 and 升级 orders (docs/subscriptions.md#refunds-of-renewals), asked as any service
 * order's 仅退款 within 7 days of payment: a renewal whose days have not begun gives them back (whole), a
 * renewal that began does not; 加席位 gives back its unused codes; 升级 gives the edition back while no seat
 * was added. The refund goes through the refund desk (instant), as the other after-sales tests do.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/server/db/client';
import { orders } from '@/lib/server/db/schema';
import { afterSalesSuite, backdate, buyer, daysAgo, draft, expectFail, expectOk, payOrder, readOrder, shopper } from './after-sales-kit';
import { orderRow, type Shopper } from './session';
import { activate, change, codesOf, endIn, eventsOf, placed, skuByCode, subscribed, subscriptionRow, YEAR_MS } from './subscription-kit';

afterSalesSuite(() => {});

/** 仅退款 of `quantity` units of the order's one line (all of them by default). */
async function askRefund(u: Shopper, orderNo: string, quantity?: number) {
  const o = await readOrder(u, orderNo);
  return shopper.create(u, draft(o, 'refund_only', 'no_longer_needed', [[0, quantity ?? o.lines[0].quantity]]));
}

describe('refunds of renewals', () => {
  it('an early renewal, within 7 days and before its days begin: whole only; the end goes back by what it added', async () => {
    const u = await buyer();
    const id = await subscribed(u, 'MAIL-E-1Y', { quantity: 2 });
    const end = (await subscriptionRow(id)).endsAt!;
    const o = await placed(u, id, 'renew', { years: 2 });
    await payOrder(u, o.orderNo);
    expect((await subscriptionRow(id)).endsAt!.getTime()).toBe(end.getTime() + 2 * YEAR_MS);

    expect(await expectFail(400, askRefund(u, o.orderNo, 1))).toBe('续费、升级订单只能整单退款');
    const a = await expectOk(askRefund(u, o.orderNo));
    expect(a.refundFen).toBe(2 * 2 * 36_000);
    expect((await subscriptionRow(id)).endsAt).toEqual(end);
    const refunded = (await eventsOf(id)).filter((e) => e.kind === 'refunded');
    expect(refunded.map((e) => [e.orderId, e.toEndsAt])).toEqual([[(await orderRow(o.orderNo)).id, end]]);
    expect((await orderRow(o.orderNo)).status).toBe('refunded');
    expect(await expectFail(409, askRefund(u, o.orderNo))).toBe('订单当前为「已退款」，不能申请售后');
  });

  it('one of two renewals may go back while the term without it is still ahead', async () => {
    const u = await buyer();
    const id = await subscribed(u, 'MAIL-P-1Y');
    const end = await endIn(id, 10);
    const first = await placed(u, id, 'renew', { years: 1 });
    await payOrder(u, first.orderNo);
    const second = await placed(u, id, 'renew', { years: 1 });
    await payOrder(u, second.orderNo);
    await expectOk(askRefund(u, first.orderNo));
    expect((await subscriptionRow(id)).endsAt!.getTime()).toBe(end.getTime() + YEAR_MS);
  });

  it('a renewal made in the 宽限期 or after the lapse began at once: refused', async () => {
    const u = await buyer();
    const id = await subscribed(u, 'MAIL-P-1Y');
    await endIn(id, -3);
    const o = await placed(u, id, 'renew', { years: 1 });
    await payOrder(u, o.orderNo);
    const end = (await subscriptionRow(id)).endsAt;
    expect(await expectFail(409, askRefund(u, o.orderNo))).toBe('续费的服务期已开始，不能再退款');
    const line = (await readOrder(u, o.orderNo)).lines[0];
    expect(line.afterSales).toEqual([]);
    expect((await subscriptionRow(id)).endsAt).toEqual(end);
  });

  it('past 7 days from payment: refused as any service order', async () => {
    const u = await buyer();
    const id = await subscribed(u, 'MAIL-P-1Y');
    const o = await placed(u, id, 'renew', { years: 1 });
    await payOrder(u, o.orderNo);
    await backdate(o.orderNo, { paidAt: daysAgo(8) });
    expect(await expectFail(409, askRefund(u, o.orderNo))).toBe('服务激活码需在付款后 7 天内申请退款，已超过期限');
  });
});

describe('refunds of 加席位 and 升级', () => {
  it('加席位: unused new codes go back one by one, the seats with them; once one is activated, no more', async () => {
    const u = await buyer();
    const id = await subscribed(u, 'MAIL-E-1Y', { quantity: 2 });
    await endIn(id, 199.5);
    const o = await placed(u, id, 'seats', { add: 4 });
    await payOrder(u, o.orderNo);
    const a = await expectOk(askRefund(u, o.orderNo, 2));
    expect(a.refundFen).toBe(2 * 19_726);
    expect((await subscriptionRow(id)).seats).toBe(4);
    const orderId = (await orderRow(o.orderNo)).id;
    const added = (await codesOf(id)).filter((c) => c.orderId === orderId);
    expect(added.filter((c) => c.revokedAt)).toHaveLength(2);
    await activate(u, added.find((c) => !c.revokedAt)!.code);
    expect(await expectFail(409, askRefund(u, o.orderNo, 1))).toBe('新增席位已有激活码被激活，不能再退款');
    expect((await subscriptionRow(id)).seats).toBe(4);
  });

  it('升级: the edition goes back on the same end date; not once a seat was added', async () => {
    const u = await buyer();
    const personal = await skuByCode('MAIL-P-1Y');
    const id = await subscribed(u, 'MAIL-P-1Y');
    const end = await endIn(id, 199.5);
    const o = await placed(u, id, 'upgrade');
    await payOrder(u, o.orderNo);
    await expectOk(askRefund(u, o.orderNo));
    const s = await subscriptionRow(id);
    expect([s.skuId, s.seats, s.endsAt]).toEqual([personal.id, 1, end]);

    const again = await placed(u, id, 'upgrade');
    await payOrder(u, again.orderNo);
    await payOrder(u, (await placed(u, id, 'seats', { add: 1 })).orderNo);
    expect(await expectFail(409, askRefund(u, again.orderNo))).toBe('升级后已增加席位，不能再退回升级');
  });

  it('a subscription whose purchase was refunded cannot be renewed', async () => {
    const u = await buyer();
    const id = await subscribed(u, 'MAIL-P-1Y', { unused: true });
    const [bought] = await (await getDb()).select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, (await subscriptionRow(id)).orderId));
    await expectOk(askRefund(u, bought.orderNo));
    expect(await expectFail(409, change(u, id, 'renew', { years: 1 }))).toBe('该服务已退款，不能续费');
  });
});

