/**
 * A paid service order takes effect (docs/subscriptions.md#renewal-and-prices), in the transaction that marks
 * it paid: an order placed for an existing subscription applies what it bought — once, `appliedAt` going
 * from null to the payment's time —, any other order's service lines become new subscriptions.
 */
import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { DAY_MS } from '../../../domain/shop-time';
import { subscriptionState, TERM_DAYS } from '../../../domain/subscription';
import type { Tx } from '../../db/client';
import { licenses, subscriptionEvents, subscriptionOrders, subscriptions, type SubscriptionOrderKind } from '../../db/schema';
import { chargePaid } from './charges';
import { issueSubscriptions, licenseCode, type PaidServiceLine } from './issue';

type SubscriptionRow = typeof subscriptions.$inferSelect;
type SubscriptionOrderRow = typeof subscriptionOrders.$inferSelect;

/** What the order did: codes of new subscriptions (null), or the kind of change it applied (or had applied already). */
export async function applyPaidServiceOrder(tx: Tx, order: { id: number; userId: number }, lines: readonly PaidServiceLine[], paidAt: Date): Promise<SubscriptionOrderKind | null> {
  // An order of goods only asks nothing more of the database (a change to a subscription is a service line).
  if (lines.length === 0) return null;
  const [bought] = await tx.select({ kind: subscriptionOrders.kind }).from(subscriptionOrders).where(eq(subscriptionOrders.orderId, order.id));
  if (!bought) {
    await issueSubscriptions(tx, order, lines);
    return null;
  }
  // The guarded claim: a second notification of the same payment that got this far applies nothing.
  const [so] = await tx
    .update(subscriptionOrders)
    .set({ appliedAt: paidAt })
    .where(and(eq(subscriptionOrders.orderId, order.id), isNull(subscriptionOrders.appliedAt)))
    .returning();
  if (!so) return bought.kind;
  // Locked: renewals of one subscription paid at the same moment move its end one after the other.
  const [s] = await tx.select().from(subscriptions).where(eq(subscriptions.id, so.subscriptionId)).for('update');
  if (so.kind === 'renew') await renew(tx, s, so, paidAt);
  else if (so.kind === 'seats') await addSeats(tx, s, so, order, lines[0]);
  else await upgrade(tx, s, so);
  return so.kind;
}

/**
 * The end moves by years × 365 days from the current end while the subscription is in force or in its
 * 宽限期 (no day lost, the grace days were served); a lapsed one starts a new term at the payment.
 */
async function renew(tx: Tx, s: SubscriptionRow, so: SubscriptionOrderRow, paidAt: Date): Promise<void> {
  const lapsed = !s.endsAt || subscriptionState(s, paidAt) === 'expired';
  const from = lapsed ? paidAt : s.endsAt!;
  const endsAt = new Date(from.getTime() + so.years * TERM_DAYS * DAY_MS);
  await tx
    .update(subscriptions)
    .set(lapsed ? { startsAt: paidAt, endsAt, updatedAt: paidAt } : { endsAt, updatedAt: paidAt })
    .where(eq(subscriptions.id, s.id));
  await tx.insert(subscriptionEvents).values({ subscriptionId: s.id, kind: 'renewed', orderId: so.orderId, fromEndsAt: s.endsAt, toEndsAt: endsAt, seats: s.seats });
  // An automatic charge's order: its charge is paid with it.
  await chargePaid(tx, { orderId: so.orderId });
}

/** More seats on the same end date: one new code each, under the same subscription, paid by this order's line. */
async function addSeats(tx: Tx, s: SubscriptionRow, so: SubscriptionOrderRow, order: { id: number; userId: number }, line: PaidServiceLine): Promise<void> {
  const seats = s.seats + so.seats;
  await tx.update(subscriptions).set({ seats, updatedAt: new Date() }).where(eq(subscriptions.id, s.id));
  await tx.insert(licenses).values(
    Array.from({ length: so.seats }, () => ({ subscriptionId: s.id, orderId: order.id, orderItemId: line.id, userId: s.userId, productId: s.productId, code: licenseCode() })),
  );
  await tx.insert(subscriptionEvents).values({ subscriptionId: s.id, kind: 'seats_added', orderId: so.orderId, fromEndsAt: s.endsAt, toEndsAt: s.endsAt, seats });
}

/** The new edition on the same end date, the seats as they were. */
async function upgrade(tx: Tx, s: SubscriptionRow, so: SubscriptionOrderRow): Promise<void> {
  await tx.update(subscriptions).set({ skuId: so.toSkuId!, updatedAt: new Date() }).where(eq(subscriptions.id, s.id));
  await tx.insert(subscriptionEvents).values({ subscriptionId: s.id, kind: 'upgraded', orderId: so.orderId, fromEndsAt: s.endsAt, toEndsAt: s.endsAt, seats: s.seats });
}
