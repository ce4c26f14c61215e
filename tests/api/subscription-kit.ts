/**
 * Shared by the subscription API tests: a shopper who buys a seeded service through the checkout, pays
 * it through the demo gateway and activates a code; 续费/加席位/升级 through their routes; the rows
 * behind a subscription; moving its end in the database (the clock's stand-in).
 */
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { POST as activatePost } from '@/app/api/v1/licenses/[code]/activate/route';
import { POST as ordersPost } from '@/app/api/v1/orders/route';
import { POST as renewPost } from '@/app/api/v1/subscriptions/[id]/renew/route';
import { POST as seatsPost } from '@/app/api/v1/subscriptions/[id]/seats/route';
import { POST as upgradePost } from '@/app/api/v1/subscriptions/[id]/upgrade/route';
import { DAY_MS } from '@/lib/domain/shop-time';
import { getDb } from '@/lib/server/db/client';
import { licenses, messages, orderItems, skus, subscriptionEvents, subscriptions } from '@/lib/server/db/schema';
import type { SubscriptionOrder } from '@/lib/server/flows/subscription-order';
import type { Order } from '@/lib/server/views/orders-detail';
import { expectOk, payOrder } from './after-sales-kit';
import { call, ctx, idemKey, orderRow, req, type Shopper } from './session';

export const YEAR_MS = 365 * DAY_MS;

export async function skuByCode(code: string): Promise<{ id: number; priceFen: number; stock: number }> {
  const db = await getDb();
  const [s] = await db.select({ id: skus.id, priceFen: skus.priceFen, stock: skus.stock }).from(skus).where(eq(skus.code, code));
  return s;
}

export async function subscriptionRow(id: number) {
  const [s] = await (await getDb()).select().from(subscriptions).where(eq(subscriptions.id, id));
  return s;
}

export async function eventsOf(id: number) {
  return (await getDb()).select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, id)).orderBy(asc(subscriptionEvents.id));
}

export async function codesOf(id: number) {
  return (await getDb()).select().from(licenses).where(eq(licenses.subscriptionId, id)).orderBy(asc(licenses.id));
}

export async function linesOf(orderNo: string) {
  return (await getDb()).select().from(orderItems).where(eq(orderItems.orderId, (await orderRow(orderNo)).id));
}

/** Moves the subscription's end (what time would do): `days` from now, negative once ended. */
export async function endIn(id: number, days: number): Promise<Date> {
  const endsAt = new Date(Date.now() + days * DAY_MS);
  await (await getDb()).update(subscriptions).set({ endsAt }).where(eq(subscriptions.id, id));
  return endsAt;
}

export async function activate(u: Shopper, code: string): Promise<void> {
  await expectOk(call(activatePost, req('POST', `/licenses/${code}/activate`, {}, { token: u.token }), ctx({ code })));
}

/** A paid subscription of `quantity` units of the seeded SKU `code`, its first code activated unless `unused`: its id. */
export async function subscribed(u: Shopper, code: string, o: { quantity?: number; unused?: boolean } = {}): Promise<number> {
  const sku = await skuByCode(code);
  const body = { items: [{ skuId: sku.id, quantity: o.quantity ?? 1 }], couponId: null, idempotencyKey: idemKey() };
  const placed = await expectOk(call<Order>(ordersPost, req('POST', '/orders', body, { token: u.token })));
  await payOrder(u, placed.orderNo);
  const [s] = await (await getDb()).select().from(subscriptions).where(eq(subscriptions.orderId, (await orderRow(placed.orderNo)).id));
  if (!o.unused) await activate(u, (await codesOf(s.id))[0].code);
  return s.id;
}

const ROUTES = { renew: renewPost, seats: seatsPost, upgrade: upgradePost };
export type Change = keyof typeof ROUTES;

/** POST /subscriptions/{id}/{change}, the envelope checked. */
export const change = (u: Shopper, id: number | string, what: Change, body: unknown = {}) =>
  call<SubscriptionOrder>(ROUTES[what], req('POST', `/subscriptions/${id}/${what}`, body, { token: u.token }), ctx({ id }));

/** A change placed (no coupon unless asked), as an order to pay. */
export async function placed(u: Shopper, id: number, what: Change, body: object = {}): Promise<SubscriptionOrder> {
  const o = await expectOk(change(u, id, what, { couponId: null, ...body }));
  expect(o.orderNo).toMatch(/^\d+$/);
  return o;
}

/** The body of the shopper's 订单支付成功 message of this order. */
export async function paidMessage(u: Shopper, orderNo: string): Promise<string> {
  const [m] = await (await getDb()).select({ body: messages.body }).from(messages).where(and(eq(messages.userId, u.userId), eq(messages.kind, 'order_paid'), eq(messages.link, `/OrderDetail?orderNo=${orderNo}`)));
  return m.body;
}
