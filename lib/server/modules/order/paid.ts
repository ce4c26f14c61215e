/**
 * pending_payment → paid, the one way into `paid` (only a verified payment leads here). An order of
 * services only goes on to completed at once, and its service lines become subscriptions with their
 * activation codes (or, for an order of 续费/加席位/升级, what it bought is applied to its subscription).
 * Kept apart from order.ts so the payment service can use it inside its own transaction.
 */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import { formatFen } from '../../../domain/money';
import { withTx, type Tx } from '../../db/client';
import { orderItems } from '../../db/schema';
import { notify } from '../messages';
import { applyPaidServiceOrder } from '../subscription';
import { moveOrder } from './states';

/** Within the caller's transaction. False when the order was not waiting for payment (paid, cancelled …). */
export async function markOrderPaidTx(db: Tx, orderId: number, paidAt: Date): Promise<boolean> {
  const o = await moveOrder(db, orderId, 'pending_payment', 'paid', { paidAt });
  if (!o) return false;
  const items = await db.select().from(orderItems).where(and(eq(orderItems.orderId, orderId), eq(orderItems.kind, 'service')));
  const applied = await applyPaidServiceOrder(db, o, items, paidAt);
  const service = applied === 'renew' ? 'renewed' : applied === 'upgrade' ? 'upgraded' : 'true';
  await notify(db, o.userId, 'order_paid', { orderNo: o.orderNo, amount: formatFen(o.totalFen), ...(o.kind === 'service' ? { service } : {}) }, o.orderNo);
  if (o.kind === 'service') await moveOrder(db, orderId, 'paid', 'completed', { completedAt: paidAt });
  return true;
}

/** The same in a transaction of its own. */
export async function markOrderPaid(orderId: number, paidAt = new Date()): Promise<boolean> {
  return withTx((tx) => markOrderPaidTx(tx, orderId, paidAt));
}
