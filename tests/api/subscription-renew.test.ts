/**
 * 续费, 加席位 and 升级 (docs/subscriptions.md#renewal-and-prices): each places an ordinary service order to pay,
 * priced on the server; paid through the demo gateway it applies once — the end moves by whole years from
 * the old end (or from the payment once lapsed), seats join on the same end date, the edition changes on
 * the same end date. What is refused, and to whom.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatFen } from '@/lib/domain/money';
import { getDb } from '@/lib/server/db/client';
import { subscriptionOrders } from '@/lib/server/db/schema';
import { sweepOrders } from '@/lib/server/flows/order-sweep';
import { buyer, expectFail, expectOk, payOrder, withGateway, withRefundDesk } from './after-sales-kit';
import { expire, loginNew, orderRow } from './session';
import { activate, change, codesOf, endIn, eventsOf, linesOf, paidMessage, placed, skuByCode, subscribed, subscriptionRow, YEAR_MS } from './subscription-kit';

withGateway();
withRefundDesk();

describe('续费', () => {
  it('early: an ordinary 待付款 service order of one line; paid, the end moves by exactly 365 days', async () => {
    const u = await buyer();
    const id = await subscribed(u, 'MAIL-E-1Y', { quantity: 3 });
    const before = await subscriptionRow(id);
    const stock = (await skuByCode('MAIL-E-1Y')).stock;

    const o = await placed(u, id, 'renew', { years: 1 });
    expect(o.totalFen).toBe(3 * 36_000);
    const row = await orderRow(o.orderNo);
    expect([row.status, row.kind, row.totalFen, row.discountFen]).toEqual(['pending_payment', 'service', 108_000, 0]);
    const [line, ...more] = await linesOf(o.orderNo);
    expect(more).toEqual([]);
    expect([line.skuName, line.priceFen, line.quantity, line.paidFen]).toEqual(['企业版 · 续费 1 年 · 3 席位', 36_000, 3, 108_000]);
    expect((await skuByCode('MAIL-E-1Y')).stock).toBe(stock - 3);
    expect((await subscriptionRow(id)).endsAt).toEqual(before.endsAt); // nothing before the money

    const paid = await payOrder(u, o.orderNo);
    expect(paid.status).toBe('completed');
    expect(await paidMessage(u, o.orderNo)).toBe(`您的订单 ${o.orderNo} 已支付成功，实付 ${formatFen(108_000)}，服务已续费，可在我的服务中查看新的到期日。`);
    const after = await subscriptionRow(id);
    expect(after.endsAt!.getTime()).toBe(before.endsAt!.getTime() + YEAR_MS);
    expect(after.startsAt).toEqual(before.startsAt);
    expect(after.seats).toBe(3);
    expect((await codesOf(id)).length).toBe(3); // a renewal issues no code
    const renewed = (await eventsOf(id)).filter((e) => e.kind === 'renewed');
    expect(renewed).toHaveLength(1);
    expect([renewed[0].orderId, renewed[0].fromEndsAt, renewed[0].toEndsAt]).toEqual([row.id, before.endsAt, after.endsAt]);
  });

  it('in the 宽限期: from the old end, the grace days counted as served', async () => {
    const u = await buyer();
    const id = await subscribed(u, 'MAIL-P-1Y');
    const oldEnd = await endIn(id, -5);
    const o = await placed(u, id, 'renew', { years: 2 });
    expect(o.totalFen).toBe(2 * 19_800);
    expect((await linesOf(o.orderNo))[0].skuName).toBe('个人版 · 续费 2 年');
    await payOrder(u, o.orderNo);
    expect((await subscriptionRow(id)).endsAt!.getTime()).toBe(oldEnd.getTime() + 2 * YEAR_MS);
  });

  it('once lapsed: a new term from the payment', async () => {
    const u = await buyer();
    const id = await subscribed(u, 'MAIL-P-1Y');
    await endIn(id, -20);
    const o = await placed(u, id, 'renew', { years: 1 });
    await payOrder(u, o.orderNo);
    const paidAt = (await orderRow(o.orderNo)).paidAt!;
    const s = await subscriptionRow(id);
    expect(s.startsAt).toEqual(paidAt);
    expect(s.endsAt!.getTime()).toBe(paidAt.getTime() + YEAR_MS);
  });

  it('unpaid, it changes nothing, and the order sweep cancels it like any order (stock back)', async () => {
    const u = await buyer();
    const id = await subscribed(u, 'MAIL-P-1Y');
    const end = (await subscriptionRow(id)).endsAt;
    const stock = (await skuByCode('MAIL-P-1Y')).stock;
    const o = await placed(u, id, 'renew', { years: 3 });
    expect((await skuByCode('MAIL-P-1Y')).stock).toBe(stock - 3);
    await expire(o.orderNo);
    await sweepOrders();
    expect((await orderRow(o.orderNo)).status).toBe('cancelled');
    expect((await skuByCode('MAIL-P-1Y')).stock).toBe(stock);
    expect((await subscriptionRow(id)).endsAt).toEqual(end);
    const [so] = await (await getDb()).select().from(subscriptionOrders).where(eq(subscriptionOrders.orderId, (await orderRow(o.orderNo)).id));
    expect(so.appliedAt).toBeNull();
  });

  it('the same idempotency key places one order', async () => {
    const u = await buyer();
    const id = await subscribed(u, 'MAIL-P-1Y');
    const body = { years: 1, couponId: null, idempotencyKey: 'renew-once-0001' };
    const [a, b] = [await expectOk(change(u, id, 'renew', body)), await expectOk(change(u, id, 'renew', body))];
    expect(b).toEqual(a);
  });

  it('refused: years outside 1–3 (400), a subscription not activated or refunded (409)', async () => {
    const u = await buyer();
    const id = await subscribed(u, 'MAIL-P-1Y');
    for (const years of [0, 4, 1.5, '两年', null]) expect(await expectFail(400, change(u, id, 'renew', { years }))).toMatch(/^续费年限/);
    expect(await expectFail(400, change(u, id, 'renew', {}))).toMatch(/^续费年限/);
    const unused = await subscribed(u, 'MAIL-P-1Y', { unused: true });
    expect(await expectFail(409, change(u, unused, 'renew', { years: 1 }))).toBe('该服务尚未激活，请先激活后再续费');
    expect(await expectFail(409, change(u, unused, 'seats', { add: 1 }))).toBe('该服务尚未激活，请先激活后再加席位');
  });
});

describe('加席位', () => {
  it('200 days left: each seat costs 200/365 of a year to the fen; paid, the seats and their codes end on the same day', async () => {
    const u = await buyer();
    const id = await subscribed(u, 'MAIL-E-1Y', { quantity: 3 });
    const end = await endIn(id, 199.5);
    const o = await placed(u, id, 'seats', { add: 5 });
    expect(o.totalFen).toBe(5 * 19_726); // 36,000 × 200 / 365 = 19,726.03 a seat
    const [line] = await linesOf(o.orderNo);
    expect([line.skuName, line.priceFen, line.quantity]).toEqual(['企业版 · 加 5 席位 · 剩余 200 天', 19_726, 5]);
    await payOrder(u, o.orderNo);
    expect(await paidMessage(u, o.orderNo)).toMatch(/激活码已发放/);
    const s = await subscriptionRow(id);
    expect([s.seats, s.endsAt]).toEqual([8, end]);
    const orderId = (await orderRow(o.orderNo)).id;
    const added = (await codesOf(id)).filter((c) => c.orderId === orderId);
    expect(added).toHaveLength(5);
    expect(added.every((c) => c.orderItemId === line.id && !c.activatedAt && !c.revokedAt)).toBe(true);
    await activate(u, added[0].code);
    expect((await subscriptionRow(id)).endsAt).toEqual(end);
    expect((await eventsOf(id)).filter((e) => e.kind === 'seats_added').map((e) => [e.orderId, e.seats])).toEqual([[orderId, 8]]);
  });

  it('refused: 1–500 seats only (400), an edition not sold by the seat, a subscription past its end (409)', async () => {
    const u = await buyer();
    const id = await subscribed(u, 'MAIL-E-1Y');
    for (const add of [0, 501, -1]) expect(await expectFail(400, change(u, id, 'seats', { add }))).toBe('每次可增加 1 至 500 个席位');
    expect(await expectFail(400, change(u, id, 'seats', { add: '五个' }))).toBe('增加的席位数必须是数字');
    await endIn(id, -1);
    expect(await expectFail(409, change(u, id, 'seats', { add: 1 }))).toBe('服务已到期（宽限期中），请先续费再加席位');
    const personal = await subscribed(u, 'MAIL-P-1Y');
    expect(await expectFail(409, change(u, personal, 'seats', { add: 1 }))).toBe('个人版不按席位计费，不能加席位');
  });
});

describe('升级', () => {
  it('个人版 → 企业版 credits the unused days; one unpaid upgrade at a time; paid, the edition changes on the same end date', async () => {
    const u = await buyer();
    const id = await subscribed(u, 'MAIL-P-1Y');
    const end = await endIn(id, 199.5);
    const o = await placed(u, id, 'upgrade');
    expect(o.totalFen).toBe(19_726 - 10_849); // 200 days of ¥360.00 less 200 days of ¥198.00
    const [line] = await linesOf(o.orderNo);
    expect([line.skuName, line.skuId, line.quantity]).toEqual(['升级至企业版 · 剩余 200 天', (await skuByCode('MAIL-E-1Y')).id, 1]);
    expect(await expectFail(409, change(u, id, 'upgrade', { couponId: null }))).toBe(`已有待付款的升级订单 ${o.orderNo}，请先支付或取消`);
    await payOrder(u, o.orderNo);
    const s = await subscriptionRow(id);
    expect([s.skuId, s.seats, s.endsAt]).toEqual([(await skuByCode('MAIL-E-1Y')).id, 1, end]);
    expect((await eventsOf(id)).filter((e) => e.kind === 'upgraded').map((e) => e.orderId)).toEqual([(await orderRow(o.orderNo)).id]);
    expect(await paidMessage(u, o.orderNo)).toMatch(/服务已升级，到期日不变/);
    expect(await expectFail(409, change(u, id, 'upgrade'))).toBe('企业版已是最高版本，没有可升级的版本');
    // Now sold by the seat.
    expect((await placed(u, id, 'seats', { add: 1 })).totalFen).toBe(19_726);
  });

  it('refused past the end', async () => {
    const u = await buyer();
    const id = await subscribed(u, 'MAIL-P-1Y');
    await endIn(id, -30);
    expect(await expectFail(409, change(u, id, 'upgrade'))).toBe('服务已过期，请先续费再升级');
  });
});

describe('whose subscription', () => {
  it('another shopper\'s, or none, is 404 服务不存在 on every route, and nothing is placed', async () => {
    const owner = await buyer();
    const id = await subscribed(owner, 'MAIL-P-1Y');
    const other = await loginNew();
    const end = (await subscriptionRow(id)).endsAt;
    for (const [what, body] of [['renew', { years: 1 }], ['seats', { add: 1 }], ['upgrade', {}]] as const) {
      expect(await expectFail(404, change(other, id, what, body))).toBe('服务不存在');
      expect(await expectFail(404, change(owner, 2_000_000_000, what, body))).toBe('服务不存在');
    }
    expect((await subscriptionRow(id)).endsAt).toEqual(end);
  });
});
