/**
 * Renewal reminders under a clock the test moves (docs/subscriptions.md#reminders): 30, 7 and 1 days before
 * the end and on the day it lapses, once each whatever the number of sweeps running at once; a renewed
 * term gets its own; a refunded subscription none. The message says the end, a year's price and opens the
 * renewal; the SMS goes as the shopper's 服务通知 setting says.
 */
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { POST as ordersPost } from '@/app/api/v1/orders/route';
import { POST as activatePost } from '@/app/api/v1/licenses/[code]/activate/route';
import { PUT as settingsPut } from '@/app/api/v1/messages/settings/route';
import { formatFen } from '@/lib/domain/money';
import { DAY_MS, HOUR_MS, shopDateTime } from '@/lib/domain/shop-time';
import { getDb } from '@/lib/server/db/client';
import { licenses, messages, skus, subscriptions } from '@/lib/server/db/schema';
import { deliverOutbox } from '@/lib/server/flows/outbox-delivery';
import { markOrderPaid } from '@/lib/server/modules/order';
import { remindersOf, remindSubscriptions } from '@/lib/server/modules/subscription';
import { setSmsProvider } from '@/lib/server/sms/provider';
import { ctx, idemKey, loginNew, ok, orderRow, req, type Shopper } from './session';

let sent: { phone: string; template: string; params: Record<string, unknown> }[] = [];
beforeEach(() => {
  sent = [];
  setSmsProvider({ send: async (m) => void sent.push({ phone: m.phone, template: m.template, params: m.params }) });
});

/** A shopper's activated subscription of `skuCode` × `quantity`, its term moved to end at `endsAt`. */
async function subscribed(skuCode: string, quantity: number, endsAt: Date) {
  const db = await getDb();
  const [sku] = await db.select({ id: skus.id, priceFen: skus.priceFen }).from(skus).where(eq(skus.code, skuCode));
  const u = await loginNew();
  const o = await ok<{ orderNo: string }>(ordersPost, req('POST', '/orders', { items: [{ skuId: sku.id, quantity }], idempotencyKey: idemKey() }, { token: u.token }));
  const row = await orderRow(o.orderNo);
  expect(await markOrderPaid(row.id)).toBe(true);
  const [l] = await db.select().from(licenses).where(eq(licenses.orderId, row.id));
  await ok(activatePost, req('POST', `/licenses/${l.code}/activate`, {}, { token: u.token }), ctx({ code: l.code }));
  await db.update(subscriptions).set({ endsAt }).where(eq(subscriptions.id, l.subscriptionId));
  return { u, id: l.subscriptionId, priceFen: sku.priceFen };
}

async function messagesOf(u: Shopper) {
  await deliverOutbox();
  const db = await getDb();
  return db.select().from(messages).where(eq(messages.userId, u.userId)).orderBy(messages.id);
}
const dueOf = async (u: Shopper) => (await messagesOf(u)).filter((m) => m.kind === 'subscription_due' || m.kind === 'subscription_lapsed');

describe('renewal reminders', () => {
  it('30, 7 and 1 days before and on the day it lapses: one message each, however often the sweep runs', async () => {
    const t0 = new Date(Date.now() + 1000 * DAY_MS); // a clock of our own, far from every other test's subscriptions
    const end = new Date(t0.getTime() + 30 * DAY_MS - HOUR_MS);
    const s = await subscribed('MAIL-E-1Y', 3, end);
    const clock = [t0, new Date(t0.getTime() + 2 * DAY_MS), new Date(end.getTime() - 7 * DAY_MS + HOUR_MS), new Date(end.getTime() - 6 * DAY_MS), new Date(end.getTime() - 20 * HOUR_MS), new Date(end.getTime() + HOUR_MS), new Date(end.getTime() + 5 * HOUR_MS)];
    for (const now of clock) {
      await remindSubscriptions(now);
      await remindSubscriptions(now);
    }
    const got = await dueOf(s.u);
    expect(got.map((m) => m.title)).toEqual(['服务 30 天后到期', '服务 7 天后到期', '服务明天到期', '服务已到期']);
    const price = formatFen(s.priceFen * 3);
    expect(got[0].body).toBe(`您的量子邮箱（企业版 · 3 席位）将于 ${shopDateTime(end).slice(0, 16)} 到期，续费一年 ${price}，提前续费不损失剩余天数。点击一键续费。`);
    expect(got[3].body).toContain(`${shopDateTime(new Date(end.getTime() + 15 * DAY_MS)).slice(0, 16)} 前续费一年 ${price}`);
    for (const m of got) expect(m.link).toBe(`/ServiceDetail?id=${s.id}#renew`);
    expect((await remindersOf(s.id)).map((r) => r.kind)).toEqual(['month_before', 'week_before', 'day_before', 'lapsed']);
  });

  it('a renewed term gets its own reminders; a sweep that missed a moment sends only the one due now, never a late 已到期', async () => {
    const t0 = new Date(Date.now() + 1100 * DAY_MS);
    const s = await subscribed('MAIL-P-1Y', 1, new Date(t0.getTime() + 5 * DAY_MS));
    await remindSubscriptions(t0); // 5 days left: the 7-day one only (the 30-day one's moment has passed)
    expect((await dueOf(s.u)).map((m) => m.title)).toEqual(['服务 7 天后到期']);
    const renewed = new Date(t0.getTime() + 370 * DAY_MS);
    await (await getDb()).update(subscriptions).set({ endsAt: renewed }).where(eq(subscriptions.id, s.id));
    await remindSubscriptions(new Date(renewed.getTime() - 29 * DAY_MS));
    await remindSubscriptions(new Date(renewed.getTime() + 3 * DAY_MS)); // three days into the 宽限期: no 「今天已到期」
    expect((await dueOf(s.u)).map((m) => m.title)).toEqual(['服务 7 天后到期', '服务 30 天后到期']);
  });

  it('a refunded subscription is not reminded', async () => {
    const t0 = new Date(Date.now() + 1200 * DAY_MS);
    const s = await subscribed('MAIL-P-1Y', 1, new Date(t0.getTime() + 3 * DAY_MS));
    await (await getDb()).update(subscriptions).set({ refundedAt: new Date() }).where(eq(subscriptions.id, s.id));
    await remindSubscriptions(t0);
    expect(await dueOf(s.u)).toEqual([]);
  });

  it('the SMS goes when 服务通知 is on, with the message\'s template and numbers', async () => {
    const t0 = new Date(Date.now() + 1300 * DAY_MS);
    const s = await subscribed('MAIL-P-1Y', 1, new Date(t0.getTime() + 20 * HOUR_MS));
    await ok(settingsPut, req('PUT', '/messages/settings', { sms: { trade: true, aftersale: true, promotion: false, service: true } }, { token: s.u.token }));
    await remindSubscriptions(t0);
    await dueOf(s.u);
    expect(sent.filter((m) => m.phone === s.u.phone && m.template === 'subscription_due').map((m) => m.params.days)).toEqual(['1']);
  });

  it('20 sweeps at once (instances sharing the database) send each reminder once', async () => {
    const t0 = new Date(Date.now() + 1400 * DAY_MS);
    const many = await Promise.all(Array.from({ length: 5 }, (_, i) => subscribed('MAIL-P-1Y', 1, new Date(t0.getTime() + (i + 2) * DAY_MS))));
    await Promise.all(Array.from({ length: 20 }, () => remindSubscriptions(t0)));
    for (const s of many) expect((await dueOf(s.u)).map((m) => m.title)).toEqual(['服务 7 天后到期']);
    const db = await getDb();
    for (const s of many) expect(await db.select().from(messages).where(and(eq(messages.userId, s.u.userId), eq(messages.kind, 'subscription_due')))).toHaveLength(1);
  });
});
