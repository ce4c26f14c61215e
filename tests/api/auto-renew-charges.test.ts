/**
 * 自动续费's charges under a clock the test moves (docs/subscriptions.md#the-charging-schedule), against the
 * demo gateways over a real socket: the notice 5 days before with the amount and how to stop, the charge on
 * the end as an order paid through the ordinary payment notification and the term a year longer, once
 * however many sweeps run at the same moment; 余额不足 told and retried after 1 and 3 days, then left to
 * the 宽限期; 关闭 (in the shop or at the provider) after the notice charging nothing; a price above the
 * notice's told anew and not charged for 5 days; the reminders saying the subscription renews itself.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'shop-auto-renew-charges-'));

import { POST as refundPost } from '@/app/api/v1/admin/subscriptions/[id]/charges/[chargeId]/refund/route';
import { DAY_MS, HOUR_MS, shopDateTime } from '@/lib/domain/shop-time';
import { getDb } from '@/lib/server/db/client';
import { afterSales, messages, orders, payments, refunds, subscriptionCharges, subscriptionOrders, subscriptions } from '@/lib/server/db/schema';
import { chargeAutoRenewals } from '@/lib/server/flows/auto-renew-charges';
import { deliverOutbox } from '@/lib/server/flows/outbox-delivery';
import { remindSubscriptions } from '@/lib/server/modules/subscription';
import { getConsoleSubscription, type ConsoleSubscription } from '@/lib/server/views/console-subscription';
import { getSubscription } from '@/lib/server/views/subscriptions';
import { autoRenewKit } from './auto-renew-kit';
import { eventually } from './http-harness';
import { auditRows, loginOperator } from './admin-session';
import { call, ctx, req, setSku, type Shopper } from './session';

const { k: fx, stop, press, signed } = autoRenewKit();

const MIN = 60_000;
/** Each test's clock starts this far ahead of the last one's, so no test's sweep reaches another's subscription. */
let era = 0;
function newClock() {
  era += 1;
  return new Date(Date.now() + era * 200 * DAY_MS);
}

/** A signed subscription whose term ends at `end`. */
async function signedEndingAt(channel: 'wechat' | 'alipay', end: Date) {
  const s = await signed(channel);
  await (await getDb()).update(subscriptions).set({ endsAt: end, startsAt: new Date(end.getTime() - 365 * DAY_MS) }).where(eq(subscriptions.id, s.id));
  return s;
}

async function messagesOf(u: Shopper, kinds: string[]) {
  await deliverOutbox();
  const db = await getDb();
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, u.userId), inArray(messages.kind, kinds as never[])))
    .orderBy(messages.id);
}
const noticesOf = (u: Shopper) => messagesOf(u, ['auto_renew_notice']);
const failuresOf = (u: Shopper) => messagesOf(u, ['auto_renew_failed']);

async function chargeOf(subscriptionId: number) {
  const rows = await (await getDb()).select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, subscriptionId));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0];
}
const endOf = async (id: number) => (await (await getDb()).select({ endsAt: subscriptions.endsAt }).from(subscriptions).where(eq(subscriptions.id, id)))[0].endsAt!;
const ordersOf = async (u: Shopper) => (await getDb()).select().from(orders).where(eq(orders.userId, u.userId)).orderBy(orders.id);
const at = (t: Date, ms: number) => new Date(t.getTime() + ms);
const minute = (d: Date) => shopDateTime(d).slice(0, 16);
/** Sweeps at `now` as `n` instances would at the same moment. */
const sweeps = (now: Date, n = 1) => Promise.all(Array.from({ length: n }, () => chargeAutoRenewals(now)));
const settledOrder = async (orderId: number) => eventually(async () => (await (await getDb()).select().from(orders).where(eq(orders.id, orderId)))[0].status !== 'pending_payment');

describe('自动续费 charges', () => {
  it('the notice 5 days before, then the charge on the end: one order paid by the contract, the term a year longer, once across 20 sweeps at once', async () => {
    const end = newClock();
    const { u, id } = await signedEndingAt('wechat', end);
    const subscriptionsBefore = (await ordersOf(u)).length;

    await sweeps(at(end, -6 * DAY_MS));
    expect(await chargeOf(id)).toBeUndefined();
    expect(await noticesOf(u)).toHaveLength(0);

    await sweeps(at(end, -5 * DAY_MS), 20);
    const [notice, ...more] = await noticesOf(u);
    expect(more).toHaveLength(0);
    expect(notice.title).toBe('自动续费扣款通知');
    expect(notice.body).toContain('¥360.00');
    expect(notice.body).toContain(minute(end));
    expect(notice.body).toContain('微信支付');
    expect(notice.body).toContain('关闭自动续费');
    expect(notice.link).toBe(`/ServiceDetail?id=${id}#auto-renew`);
    expect(await chargeOf(id)).toMatchObject({ state: 'noticed', amountFen: 36_000, attempts: 0 });
    // 我的服务 shows the charge to come.
    expect((await getSubscription(u.userId, id)).nextCharge).toEqual({ at: end.toISOString(), amountFen: 36_000, retry: false });

    // Not a moment before the end.
    await sweeps(at(end, -HOUR_MS), 5);
    expect(await ordersOf(u)).toHaveLength(subscriptionsBefore);

    await sweeps(at(end, MIN), 20);
    const placed = (await ordersOf(u)).slice(subscriptionsBefore);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ kind: 'service', totalFen: 36_000, discountFen: 0 });
    await settledOrder(placed[0].id);
    const db = await getDb();
    const [order] = await db.select().from(orders).where(eq(orders.id, placed[0].id));
    expect(order.status).toBe('completed');
    const paid = await db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(paid.map((p) => [p.channel, p.status, p.amountFen])).toEqual([['wechat_papay', 'succeeded', 36_000]]);
    expect(await db.select().from(subscriptionOrders).where(eq(subscriptionOrders.orderId, order.id))).toMatchObject([{ kind: 'renew', years: 1, subscriptionId: id }]);
    expect((await endOf(id)).getTime()).toBe(end.getTime() + 365 * DAY_MS);
    expect(await chargeOf(id)).toMatchObject({ state: 'paid', attempts: 1, orderId: order.id });
    expect((await getSubscription(u.userId, id)).nextCharge).toBeNull();

    // The renewed term is the next charge's, a year on: nothing more now.
    await sweeps(at(end, 2 * MIN), 5);
    expect((await ordersOf(u)).length).toBe(subscriptionsBefore + 1);
    expect(await noticesOf(u)).toHaveLength(1);
  });

  it('alipay, 余额不足: each failure told, retried 1 and 3 days after the first attempt, then no more, the order cancelled and the subscription in its 宽限期', async () => {
    const end = newClock();
    const { u, id, page } = await signedEndingAt('alipay', end);
    await press(page, 'balance_short');
    await sweeps(at(end, -5 * DAY_MS));
    const first = at(end, MIN);
    await sweeps(first, 5);
    let failures = await failuresOf(u);
    expect(failures).toHaveLength(1);
    expect(failures[0].title).toBe('自动续费扣款失败');
    expect(failures[0].body).toContain('买家余额不足');
    expect(failures[0].body).toContain(`将于 ${minute(at(first, DAY_MS))} 再次尝试`);
    expect(failures[0].link).toBe(`/ServiceDetail?id=${id}#renew`);
    const charge = await chargeOf(id);
    expect(charge).toMatchObject({ state: 'failed', attempts: 1 });
    expect((await getSubscription(u.userId, id)).nextCharge).toEqual({ at: at(first, DAY_MS).toISOString(), amountFen: 36_000, retry: true });
    // The attempt's order waits, payable by hand, for the retries.
    const [order] = await (await getDb()).select().from(orders).where(eq(orders.id, charge.orderId!));
    expect(order.status).toBe('pending_payment');

    await sweeps(at(first, DAY_MS - MIN), 3);
    expect(await failuresOf(u)).toHaveLength(1);
    await sweeps(at(first, DAY_MS + MIN), 3);
    failures = await failuresOf(u);
    expect(failures).toHaveLength(2);
    expect(failures[1].body).toContain(`将于 ${minute(at(first, 3 * DAY_MS + MIN))} 再次尝试`);
    await sweeps(at(first, 3 * DAY_MS + 2 * MIN), 3);
    failures = await failuresOf(u);
    expect(failures).toHaveLength(3);
    expect(failures[2].body).toContain('本期不再自动扣款');
    expect(failures[2].body).toContain(minute(at(end, 15 * DAY_MS)));
    expect(await chargeOf(id)).toMatchObject({ state: 'failed', attempts: 3, nextAttemptAt: null });
    // One order for all three attempts, cancelled after the last; three payments, all failed.
    const db = await getDb();
    const after = await db.select().from(orders).where(eq(orders.id, charge.orderId!));
    expect(after[0].status).toBe('cancelled');
    const tries = await db.select().from(payments).where(eq(payments.orderId, charge.orderId!));
    expect(tries.map((p) => p.status)).toEqual(['failed', 'failed', 'failed']);
    expect((await endOf(id)).getTime()).toBe(end.getTime());

    // Nothing more, ever, for this term.
    await sweeps(at(first, 10 * DAY_MS), 3);
    expect(await failuresOf(u)).toHaveLength(3);
  });

  it('wechat, 余额不足 told a moment later (PAYERROR): the next sweep learns it, and the retry a day later pays the same order', async () => {
    const end = newClock();
    const { u, id, page } = await signedEndingAt('wechat', end);
    await press(page, 'balance_short');
    await sweeps(at(end, -5 * DAY_MS));
    const first = at(end, MIN);
    await sweeps(first);
    const charge = await chargeOf(id);
    expect(charge.state).toBe('charging');
    const db = await getDb();
    await eventually(async () => (await db.select().from(payments).where(eq(payments.paymentNo, charge.paymentNo!)))[0].status === 'failed');
    await sweeps(at(first, MIN), 3);
    const failures = await failuresOf(u);
    expect(failures).toHaveLength(1);
    expect(failures[0].body).toContain(`将于 ${minute(at(first, DAY_MS))} 再次尝试`);

    await press(page, 'balance_ok');
    await sweeps(at(first, DAY_MS + MIN), 3);
    await settledOrder(charge.orderId!);
    expect(await chargeOf(id)).toMatchObject({ state: 'paid', attempts: 2, orderId: charge.orderId });
    expect((await endOf(id)).getTime()).toBe(end.getTime() + 365 * DAY_MS);
    expect(await failuresOf(u)).toHaveLength(1);
  });

  it.each([
    ['关闭自动续费 in the shop', 'shop'],
    ['解约 at the provider', 'provider'],
  ] as const)('%s after the notice: nothing is charged', async (_, where) => {
    const end = newClock();
    const { u, id, page } = await signedEndingAt(where === 'shop' ? 'wechat' : 'alipay', end);
    await sweeps(at(end, -5 * DAY_MS));
    expect(await noticesOf(u)).toHaveLength(1);
    const before = (await ordersOf(u)).length;
    if (where === 'shop') await stop(u, id);
    else await press(page, 'terminate');
    await sweeps(at(end, MIN), 3);
    expect(await chargeOf(id)).toMatchObject({ state: 'stopped', orderId: null, lastError: '自动续费已关闭' });
    expect((await ordersOf(u)).length).toBe(before);
    expect((await endOf(id)).getTime()).toBe(end.getTime());
  });

  it('a price above the notice is told anew and charged 5 days after that notice, never before', async () => {
    const end = newClock();
    const { u, id } = await signedEndingAt('alipay', end);
    await sweeps(at(end, -5 * DAY_MS));
    await setSku(fx.service.skuId, { priceFen: 40_000 });
    try {
      const before = (await ordersOf(u)).length;
      await sweeps(at(end, MIN), 3);
      expect((await ordersOf(u)).length).toBe(before);
      const notices = await noticesOf(u);
      expect(notices).toHaveLength(2);
      expect(notices[1].body).toContain('¥400.00');
      expect(notices[1].body).toContain(minute(at(end, MIN + 5 * DAY_MS)));
      await sweeps(at(end, 5 * DAY_MS), 3);
      expect((await ordersOf(u)).length).toBe(before);
      await sweeps(at(end, 5 * DAY_MS + 2 * MIN), 3);
      const placed = (await ordersOf(u)).slice(before);
      expect(placed.map((o) => o.totalFen)).toEqual([40_000]);
      await settledOrder(placed[0].id);
      // Renewed in its 宽限期: from the old end, no day lost.
      expect((await endOf(id)).getTime()).toBe(end.getTime() + 365 * DAY_MS);
    } finally {
      await setSku(fx.service.skuId, { priceFen: 36_000 });
    }
  });

  it('退还自动续费 in the console within 7 days: a 仅退款 made and approved for the shopper, the year off the end, the money back the way it came; only once, only by an operator', async () => {
    const end = newClock();
    const { u, id } = await signedEndingAt('alipay', end);
    await sweeps(at(end, -5 * DAY_MS));
    await sweeps(at(end, MIN));
    const charge = await chargeOf(id);
    await settledOrder(charge.orderId!);
    expect((await endOf(id)).getTime()).toBe(end.getTime() + 365 * DAY_MS);
    const op = await loginOperator();
    const refund = (who: Shopper, chargeId: number | string = charge.id) =>
      call<ConsoleSubscription>(refundPost, req('POST', `/admin/subscriptions/${id}/charges/${chargeId}/refund`, { reason: '用户忘记关闭自动续费' }, { token: who.token }), ctx({ id: String(id), chargeId: String(chargeId) }));

    const before = await getConsoleSubscription(id);
    expect(before.charges).toMatchObject([{ id: charge.id, state: 'paid', stateLabel: '已扣款', amountFen: 36_000, refundRefusal: null }]);
    expect((await refund(u)).res.status).toBe(403);
    expect((await refund(op, 2147483000)).res.status).toBe(404);

    const { res, body } = await refund(op);
    expect(res.status, body.message).toBe(200);
    // The year is off the end at once (a renewal charged in the 宽限期 goes back though its days began).
    expect((await endOf(id)).getTime()).toBe(end.getTime());
    const db = await getDb();
    const orderStatus = async () => (await db.select().from(orders).where(eq(orders.id, charge.orderId!)))[0].status;
    // 退款中, then 已退款 once the provider's refund settles.
    expect(await eventually(async () => (await orderStatus()) === 'refunded')).toBe(true);
    const order = { id: charge.orderId! };
    const [request] = await db.select().from(afterSales).where(eq(afterSales.orderId, order.id));
    expect(request).toMatchObject({ userId: u.userId, type: 'refund_only', refundFen: 36_000 });
    expect(await db.select().from(refunds).where(eq(refunds.orderId, order.id))).toMatchObject([{ amountFen: 36_000 }]);
    expect(body.data!.charges[0].refundRefusal).toBe('该订单已退款');
    expect((await auditRows('subscription', id)).map((a) => a.action)).toContain('subscription.refund_charge');
    // Pressed again: 409, nothing more taken back.
    const again = await refund(op);
    expect(again.res.status).toBe(409);
    expect(again.body.message).toBe('该订单已退款');
    expect((await endOf(id)).getTime()).toBe(end.getTime());
  });

  it("the reminders of a subscription with 自动续费 say it renews itself; the notice tells the amount", async () => {
    const end = newClock();
    const { u } = await signedEndingAt('wechat', end);
    await remindSubscriptions(at(end, -7 * DAY_MS + HOUR_MS));
    const [due] = await messagesOf(u, ['subscription_due']);
    expect(due.title).toBe('服务 7 天后到期');
    expect(due.body).toContain('已开通自动续费');
    expect(due.body).not.toContain('点击一键续费');
  });
});
