/**
 * pending_payment → paid, the one way into `paid` (only a verified payment leads here). An order of
 * services only goes on to completed at once, and every service line gets one activation code per
 * unit. Kept apart from order.ts so the payment service can use it inside its own transaction.
 */
import 'server-only';
import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { formatFen } from '../../../domain/money';
import { withTx, type Tx } from '../../db/client';
import { licenses, orderItems } from '../../db/schema';
import { notify } from '../messages';
import { moveOrder } from './states';

/** Activation codes like 7KQ2-M9XD-4RTA-PZ3F, from the CSPRNG (no 0/O/1/I). */
function licenseCode(): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const part = () => Array.from({ length: 4 }, () => alphabet[randomInt(0, alphabet.length)]).join('');
  return `${part()}-${part()}-${part()}-${part()}`;
}

/** Within the caller's transaction. False when the order was not waiting for payment (paid, cancelled …). */
export async function markOrderPaidTx(db: Tx, orderId: number, paidAt: Date): Promise<boolean> {
  const o = await moveOrder(db, orderId, 'pending_payment', 'paid', { paidAt });
  if (!o) return false;
  await notify(db, o.userId, 'order_paid', { orderNo: o.orderNo, amount: formatFen(o.totalFen), ...(o.kind === 'service' ? { service: 'true' as const } : {}) }, o.orderNo);
  const items = await db.select().from(orderItems).where(and(eq(orderItems.orderId, orderId), eq(orderItems.kind, 'service')));
  const codes = items.flatMap((i) => Array.from({ length: i.quantity }, () => ({ orderId, orderItemId: i.id, userId: o.userId, productId: i.productId, code: licenseCode() })));
  if (codes.length) await db.insert(licenses).values(codes);
  if (o.kind === 'service') await moveOrder(db, orderId, 'paid', 'completed', { completedAt: paidAt });
  return true;
}

/** The same in a transaction of its own. */
export async function markOrderPaid(orderId: number, paidAt = new Date()): Promise<boolean> {
  return withTx((tx) => markOrderPaidTx(tx, orderId, paidAt));
}
