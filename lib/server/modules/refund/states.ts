/**
 * The one writer of refunds.status. Every move of the table in lib/domain/refund-status.ts is one
 * guarded `UPDATE refunds … WHERE status = <from>`: the row it returns says whether this caller won, so
 * of the provider's answer, its notification and the sweep's retry racing, one settles the refund and
 * the others find nothing to move (docs/states.md#guarded-updates).
 */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import { checkedFroms } from '../../../domain/moves';
import { REFUND_TRANSITIONS, type RefundStatus, type RefundTarget } from '../../../domain/refund-status';
import type { DbOrTx } from '../../db/client';
import { refunds } from '../../db/schema';
import { countRefundMove } from '../../metrics/metrics.mjs';

type RefundRow = typeof refunds.$inferSelect;
/** Columns a move may set besides the state; the time of a success is set for it. */
type RefundChange = Partial<Omit<typeof refunds.$inferInsert, 'id' | 'status'>>;

/** Moves the refund from `from` to `to`; the moved row, or null when another caller won. */
export async function moveRefund<F extends RefundStatus>(db: DbOrTx, refundId: number, from: F, to: RefundTarget<F>, set: RefundChange = {}): Promise<RefundRow | null> {
  checkedFroms(REFUND_TRANSITIONS, from, to, 'a refund');
  const now = new Date();
  const stamp = to === 'succeeded' ? { refundedAt: now } : {};
  const [row] = await db
    .update(refunds)
    .set({ ...stamp, updatedAt: now, ...set, status: to })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, from)))
    .returning();
  if (row) countRefundMove(to); // docs/metrics.md
  return row ?? null;
}

/**
 * A refund still under way was sent again: its quiet time starts anew, so the sweep asks the provider
 * about it no sooner than PAYMENT_SWEEP_QUIET_MS from now. Not a move: the state stays processing.
 */
export async function touchRefund(db: DbOrTx, refundId: number): Promise<void> {
  await db.update(refunds).set({ updatedAt: new Date() }).where(and(eq(refunds.id, refundId), eq(refunds.status, 'processing')));
}
