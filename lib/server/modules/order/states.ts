/**
 * The one writer of orders.status. Every move of the table in lib/domain/order-status.ts is one guarded
 * `UPDATE orders … WHERE status IN (<from>)`: the rows it changed say whether this caller won, so of
 * two racing callers one moves the order and the other finds nothing to move (docs/states.md#guarded-updates).
 * Side effects that must happen once run in the same transaction, after a won move.
 */
import 'server-only';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { checkedFroms } from '../../../domain/moves';
import { ORDER_TRANSITIONS, type OrderStatus, type OrderTarget } from '../../../domain/order-status';
import type { DbOrTx, Tx } from '../../db/client';
import { notFound } from '../../errors';
import { orders } from '../../db/schema';
import { countOrderMoves } from '../../metrics/metrics.mjs';

type OrderRow = typeof orders.$inferSelect;
/** Columns a move may set besides the state (carrier, reason …); the state's own time is set for it. */
type OrderChange = Partial<Omit<typeof orders.$inferInsert, 'id' | 'status'>>;

/** The column stamped when an order enters a state, with the time of the move unless `set` gives one. */
const ENTERED_AT = {
  paid: 'paidAt',
  shipped: 'shippedAt',
  completed: 'completedAt',
  cancelled: 'cancelledAt',
  refunded: 'refundedAt',
} as const satisfies Partial<Record<OrderStatus, keyof OrderChange>>;

/** Moves every order matching `where` that is in `from` to `to`; returns the orders it moved. */
export async function moveOrders<F extends OrderStatus>(
  db: DbOrTx,
  where: SQL | undefined,
  from: F | readonly F[],
  to: OrderTarget<F>,
  set: OrderChange = {},
): Promise<OrderRow[]> {
  const froms = checkedFroms(ORDER_TRANSITIONS, from, to, 'an order');
  const now = new Date();
  const stamp = to in ENTERED_AT ? { [ENTERED_AT[to as keyof typeof ENTERED_AT]]: now } : {};
  const moved = await db
    .update(orders)
    .set({ ...stamp, updatedAt: now, ...set, status: to })
    .where(and(where, inArray(orders.status, froms)))
    .returning();
  countOrderMoves(to, moved.length); // docs/metrics.md: counted when written, a rolled-back transaction included
  return moved;
}

/** Moves one order (and only while `also` holds, when given); the moved row, or undefined when another caller won. */
export async function moveOrder<F extends OrderStatus>(
  db: DbOrTx,
  orderId: number,
  from: F | readonly F[],
  to: OrderTarget<F>,
  set?: OrderChange,
  also?: SQL,
): Promise<OrderRow | undefined> {
  const [row] = await moveOrders(db, and(eq(orders.id, orderId), also), from, to, set);
  return row;
}

/**
 * The order row, locked for the rest of the transaction: every decision about an order (a payment
 * settling, a refund, an after-sales step, a licence) takes this lock first, so one decides at a time
 * and each sees what the one before it wrote.
 */
export async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow> {
  const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!o) throw notFound('订单不存在');
  return o;
}
