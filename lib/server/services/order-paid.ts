/**
 * pending_payment → paid, the one way into `paid` (only a verified payment leads here). An order of
 * services only goes on to completed at once, and every service line gets one activation code per
 * unit. Kept apart from order.ts so the payment service can use it inside its own transaction.
 */
import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { getDb, type Db } from '../db/client';
import { licenses, orderItems, orders } from '../db/schema';

/** Activation codes like 7KQ2-M9XD-4RTA-PZ3F, from the CSPRNG (no 0/O/1/I). */
export function licenseCode(): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const part = () => Array.from({ length: 4 }, () => alphabet[randomInt(0, alphabet.length)]).join('');
  return `${part()}-${part()}-${part()}-${part()}`;
}

/** Within the caller's transaction. False when the order was not waiting for payment (paid, cancelled …). */
export async function markOrderPaidTx(tx: Db, orderId: number, paidAt: Date): Promise<boolean> {
  const [o] = await tx
    .update(orders)
    .set({ status: 'paid', paidAt, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment')))
    .returning();
  if (!o) return false;
  const items = await tx.select().from(orderItems).where(and(eq(orderItems.orderId, orderId), eq(orderItems.kind, 'service')));
  const codes = items.flatMap((i) => Array.from({ length: i.quantity }, () => ({ orderId, orderItemId: i.id, userId: o.userId, productId: i.productId, code: licenseCode() })));
  if (codes.length) await tx.insert(licenses).values(codes);
  if (o.kind === 'service') {
    await tx
      .update(orders)
      .set({ status: 'completed', completedAt: paidAt, updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'paid')));
  }
  return true;
}

/** The same in a transaction of its own. */
export async function markOrderPaid(orderId: number, paidAt = new Date()): Promise<boolean> {
  const db = await getDb();
  return db.transaction((t) => markOrderPaidTx(t as unknown as Db, orderId, paidAt));
}
