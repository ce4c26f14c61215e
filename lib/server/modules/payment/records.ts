/**
 * The payment rows the payment-notified flow reads and writes around applying a provider's word: the
 * notification stored once, the payment a notification names, and the open payments its sweep asks
 * about (docs/states.md#payment-sweep).
 */
import 'server-only';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentNotifications, payments } from '../../db/schema';
import { ordersNotAwaitingPayment } from '../order';
import type { Outcome } from './payment';

type PaymentRow = typeof payments.$inferSelect;

/** Stores a verified notification once (provider, event id): its row id, or null when it was stored before (a replay). */
export async function storeNotification(db: DbOrTx, n: Omit<typeof paymentNotifications.$inferInsert, 'id'>): Promise<number | null> {
  const [row] = await db
    .insert(paymentNotifications)
    .values(n)
    .onConflictDoNothing({ target: [paymentNotifications.provider, paymentNotifications.eventId] })
    .returning({ id: paymentNotifications.id });
  return row?.id ?? null;
}

/** What applying the stored notification came to. */
export async function noteNotificationOutcome(db: DbOrTx, id: number, outcome: Outcome): Promise<void> {
  await db.update(paymentNotifications).set({ outcome }).where(eq(paymentNotifications.id, id));
}

export async function findPaymentByNo(db: DbOrTx, paymentNo: string): Promise<PaymentRow | null> {
  const [p] = await db.select().from(payments).where(eq(payments.paymentNo, paymentNo));
  return p ?? null;
}

/** Open payments quiet since `stale` whose order no longer waits for them (cancelled, paid another way): to be closed. */
export function orphanPayments(db: DbOrTx, stale: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'pending'), inArray(payments.orderId, ordersNotAwaitingPayment(db)), lt(payments.updatedAt, stale)))
    .limit(limit);
}

/** Open payments older than `quiet` that nobody asked the provider about since: their notification may have been lost. */
export function unaskedPayments(db: DbOrTx, quiet: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, quiet), or(isNull(payments.lastQueriedAt), lt(payments.lastQueriedAt, quiet))))
    .limit(limit);
}
