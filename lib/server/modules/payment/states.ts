/**
 * The one writer of payments.status. Every move of the table in lib/domain/payment-status.ts is one
 * guarded `UPDATE payments … WHERE status IN (<from>)`: the row it returns says whether this caller won,
 * so of a notification and a query (or two replays) racing, one moves the payment and the other finds
 * nothing to move (docs/states.md#guarded-updates). What must happen once runs after a won move, in the
 * same transaction.
 */
import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { checkedFroms } from '../../../domain/moves';
import { PAYMENT_TRANSITIONS, type PaymentStatus, type PaymentTarget } from '../../../domain/payment-status';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema';
import { countPaymentMove } from '../../metrics/metrics.mjs';

type PaymentRow = typeof payments.$inferSelect;
/** Columns a move may set besides the state (the provider's transaction id, its paid time …). */
type PaymentChange = Partial<Omit<typeof payments.$inferInsert, 'id' | 'status'>>;

/** Moves the payment from `from` to `to`; the moved row, or null when another caller won (or it was elsewhere). */
export async function movePayment<F extends PaymentStatus>(
  db: DbOrTx,
  paymentId: number,
  from: F | readonly F[],
  to: PaymentTarget<F>,
  set: PaymentChange = {},
): Promise<PaymentRow | null> {
  const froms = checkedFroms(PAYMENT_TRANSITIONS, from, to, 'a payment');
  const [row] = await db
    .update(payments)
    .set({ updatedAt: new Date(), ...set, status: to })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, froms)))
    .returning();
  if (row) countPaymentMove(row.channel, to); // docs/metrics.md
  return row ?? null;
}
