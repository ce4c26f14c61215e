/**
 * Subscriptions made for the console's tests as a shopper makes them — a service order placed and paid,
 * its first code activated through the API — then moved in time straight in the table (its end, start,
 * refund, a 自动续费 contract, a renewal in its history), so a test puts a subscription in any state.
 */
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { POST as ordersPost } from '@/app/api/v1/orders/route';
import { POST as activatePost } from '@/app/api/v1/licenses/[code]/activate/route';
import { DAY_MS } from '@/lib/domain/shop-time';
import { TERM_DAYS } from '@/lib/domain/subscription';
import { getDb } from '@/lib/server/db/client';
import { licenses, skus, subscriptionContracts, subscriptionEvents, subscriptions } from '@/lib/server/db/schema';
import { markOrderPaid } from '@/lib/server/modules/order';
import { ctx, idemKey, loginNew, ok, orderRow, req, type Shopper } from './session';

export type Made = { id: number; u: Shopper; orderNo: string; codes: string[]; priceFen: number; seats: number };

/**
 * `quantity` of `skuCode` bought by `u` (a new shopper by default); with `endsAt` its first code is
 * activated and the term moved to end then (starting a year before), without it the subscription is 未激活.
 */
export async function subscribed(skuCode: string, o: { quantity?: number; endsAt?: Date; u?: Shopper } = {}): Promise<Made> {
  const db = await getDb();
  const [sku] = await db.select({ id: skus.id, priceFen: skus.priceFen }).from(skus).where(eq(skus.code, skuCode));
  const u = o.u ?? (await loginNew());
  const quantity = o.quantity ?? 1;
  const placed = await ok<{ orderNo: string }>(ordersPost, req('POST', '/orders', { items: [{ skuId: sku.id, quantity }], idempotencyKey: idemKey() }, { token: u.token }));
  const row = await orderRow(placed.orderNo);
  expect(await markOrderPaid(row.id)).toBe(true);
  const codes = await db.select().from(licenses).where(eq(licenses.orderId, row.id)).orderBy(asc(licenses.id));
  const id = codes[0].subscriptionId;
  if (o.endsAt) {
    await ok(activatePost, req('POST', `/licenses/${codes[0].code}/activate`, {}, { token: u.token }), ctx({ code: codes[0].code }));
    await db
      .update(subscriptions)
      .set({ startsAt: new Date(o.endsAt.getTime() - TERM_DAYS * DAY_MS), endsAt: o.endsAt })
      .where(eq(subscriptions.id, id));
  }
  const [s] = await db.select({ seats: subscriptions.seats }).from(subscriptions).where(eq(subscriptions.id, id));
  return { id, u, orderNo: placed.orderNo, codes: codes.map((c) => c.code), priceFen: sku.priceFen, seats: s.seats };
}

/** Marks the subscription 已退款 as a refund of every seat leaves it. */
export async function refunded(s: Made): Promise<void> {
  const db = await getDb();
  await db.update(licenses).set({ revokedAt: new Date() }).where(eq(licenses.subscriptionId, s.id));
  await db.update(subscriptions).set({ refundedAt: new Date() }).where(eq(subscriptions.id, s.id));
}

/** A 自动续费 contract of the subscription, in `state`. */
export async function contract(s: Made, state: 'signing' | 'active' | 'terminated' = 'active'): Promise<void> {
  const db = await getDb();
  await db.insert(subscriptionContracts).values({
    subscriptionId: s.id,
    userId: s.u.userId,
    channel: 'wechat',
    contractNo: `T${randomBytes(8).toString('hex')}`,
    state,
    signedAt: state === 'signing' ? null : new Date(),
    terminatedAt: state === 'terminated' ? new Date() : null,
  });
}

/** A renewal of the term ending `from`, paid at `at`: the end moves a year on from `from` and the history says so. */
export async function renewedAt(s: Made, from: Date, at: Date): Promise<void> {
  const db = await getDb();
  const to = new Date(from.getTime() + TERM_DAYS * DAY_MS);
  await db.update(subscriptions).set({ endsAt: to }).where(eq(subscriptions.id, s.id));
  await db.insert(subscriptionEvents).values({ subscriptionId: s.id, kind: 'renewed', fromEndsAt: from, toEndsAt: to, createdAt: at });
}
