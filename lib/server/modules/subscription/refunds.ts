/**
 * Refunds of service orders (docs/subscriptions.md#refunds-of-renewals): whether the paid order may still
 * be refunded (the domain's `serviceRefundRefusal` on this order's facts), and what a refund takes back —
 * unused codes of a purchase or of 加席位, the days of a 续费, the edition of a 升级. The caller holds the
 * order's lock (after-sales decides under it), so the facts read here stay true until its commit.
 */
import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { DAY_MS } from '../../../domain/shop-time';
import { TERM_DAYS } from '../../../domain/subscription';
import { refundedWhole, serviceRefundRefusal, type PaidServiceOrder } from '../../../domain/subscription-refund';
import type { DbOrTx, Tx } from '../../db/client';
import { subscriptionCharges, subscriptionEvents, subscriptionOrders, subscriptions } from '../../db/schema';
import { conflict } from '../../errors';
import { anyLicenseActivated, revokeUnusedCodes } from './codes';

type SubscriptionOrderRow = typeof subscriptionOrders.$inferSelect;

/** The facts of a paid service order that its refund depends on. */
async function paidServiceOrder(db: DbOrTx, orderId: number, lock = false): Promise<{ facts: PaidServiceOrder; so: SubscriptionOrderRow | null }> {
  const [so] = await db.select().from(subscriptionOrders).where(eq(subscriptionOrders.orderId, orderId));
  if (!so || so.kind === 'seats') {
    return { facts: { kind: so ? 'seats' : 'purchase', codeActivated: await anyLicenseActivated(db, orderId) }, so: so ?? null };
  }
  const q = db.select().from(subscriptions).where(eq(subscriptions.id, so.subscriptionId));
  const [s] = lock ? await q.for('update') : await q;
  if (so.kind === 'renew') {
    const [charged] = await db.select({ id: subscriptionCharges.id }).from(subscriptionCharges).where(eq(subscriptionCharges.orderId, orderId));
    return { facts: { kind: 'renew', endsAt: s.endsAt ?? new Date(0), addedDays: so.years * TERM_DAYS, automatic: Boolean(charged) }, so };
  }
  return { facts: { kind: 'upgrade', seats: s.seats, stillUpgraded: s.skuId === so.toSkuId }, so };
}

export type ServiceRefundRule = { refusal: string | null; whole: boolean };

/** Whether the paid service order may be refunded now, and whether only as a whole (续费, 升级). */
export async function serviceRefundRule(db: DbOrTx, orderId: number, now = new Date()): Promise<ServiceRefundRule> {
  const { facts, so } = await paidServiceOrder(db, orderId);
  if (so?.refundedAt) return { refusal: '该订单已退款', whole: true };
  return { refusal: serviceRefundRefusal(facts, now), whole: refundedWhole(facts.kind) };
}

/**
 * What the refund of `quantity` units of a service line takes back, in the deciding transaction; 409 with
 * the rule's reason when it may not be refunded any more (a code activated, the renewed days begun
 * meanwhile). A renewal's days come off the end, an upgrade's edition goes back; an event 'refunded' each.
 */
export async function takeBackRefunded(tx: Tx, line: { orderId: number; orderItemId: number; quantity: number }, now = new Date()): Promise<void> {
  const { facts, so } = await paidServiceOrder(tx, line.orderId, true);
  const refusal = serviceRefundRefusal(facts, now);
  if (refusal) throw conflict(refusal);
  if (!so || so.kind === 'seats') {
    const revoked = await revokeUnusedCodes(tx, line.orderItemId, line.quantity);
    if (revoked < line.quantity) throw conflict('激活码已被激活，不能再退款');
    return;
  }
  const [claimed] = await tx
    .update(subscriptionOrders)
    .set({ refundedAt: now })
    .where(and(eq(subscriptionOrders.orderId, so.orderId), isNull(subscriptionOrders.refundedAt)))
    .returning({ orderId: subscriptionOrders.orderId });
  if (!claimed) throw conflict('该订单已退款');
  const [s] = await tx.select().from(subscriptions).where(eq(subscriptions.id, so.subscriptionId));
  if (so.kind === 'renew') {
    const endsAt = new Date(s.endsAt!.getTime() - so.years * TERM_DAYS * DAY_MS);
    await tx.update(subscriptions).set({ endsAt, updatedAt: now }).where(eq(subscriptions.id, s.id));
    await tx.insert(subscriptionEvents).values({ subscriptionId: s.id, kind: 'refunded', orderId: so.orderId, fromEndsAt: s.endsAt, toEndsAt: endsAt, seats: s.seats });
  } else {
    await tx.update(subscriptions).set({ skuId: so.fromSkuId!, updatedAt: now }).where(eq(subscriptions.id, s.id));
    await tx.insert(subscriptionEvents).values({ subscriptionId: s.id, kind: 'refunded', orderId: so.orderId, fromEndsAt: s.endsAt, toEndsAt: s.endsAt, seats: s.seats });
  }
}
