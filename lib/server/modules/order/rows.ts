/**
 * The order module's reads and small writes that the order flows compose (lib/server/flows/): a
 * shopper's own order, its lines, the orders the clock is due to move, and placing an order's rows.
 * Each takes the caller's `db` or `tx`, so a flow runs them inside its own transaction.
 */
import 'server-only';
import { and, asc, eq, inArray, isNull, lt, ne, type SQL } from 'drizzle-orm';
import { FINISHED_ORDER_STATUSES } from '../../../domain/order-status';
import { ORDER_NO } from '../../../validation/fields';
import type { DbOrTx, Tx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { notFound } from '../../errors';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/**
 * The shopper's order by its number: another user's order, or one they deleted, is 404 like one that
 * does not exist. `withHidden`: also an order the shopper deleted (the console reads it for the books).
 */
export async function findOwnOrder(db: DbOrTx, userId: number, orderNo: string, withHidden = false): Promise<OrderRow> {
  if (!ORDER_NO.test(orderNo)) throw notFound('订单不存在');
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId), withHidden ? undefined : isNull(orders.hiddenAt)));
  if (!o) throw notFound('订单不存在');
  return o;
}

/** The order's lines, in the order they were placed. */
export function orderItemsOf(db: DbOrTx, orderId: number): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

/** Unpaid orders past their deadline: one shopper's (a read of theirs applies the clock first), or the sweep's batch. */
export function overdueOrders(db: DbOrTx, by: { userId: number } | { limit: number }, now = new Date()): Promise<OrderRow[]> {
  const due = and(eq(orders.status, 'pending_payment'), lt(orders.payDeadline, now));
  if ('userId' in by) return db.select().from(orders).where(and(eq(orders.userId, by.userId), due));
  return db.select().from(orders).where(due).limit(by.limit);
}

/**
 * The ids of orders no longer waiting for payment (cancelled, paid another way …), as a subquery:
 * the payment sweep closes the open payments of these.
 */
export function ordersNotAwaitingPayment(db: DbOrTx) {
  return db.select({ id: orders.id }).from(orders).where(ne(orders.status, 'pending_payment'));
}

/** The order of (user, idempotency key): a checkout sent again finds the order its first try placed. */
export async function orderNoForKey(db: DbOrTx, userId: number, key: string): Promise<{ orderNo: string } | null> {
  const [row] = await db.select({ orderNo: orders.orderNo }).from(orders).where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row ?? null;
}

/**
 * Writes a new order and its lines in the checkout's transaction. The unique (user, idempotency key)
 * makes a second request with the key write nothing: null, and the caller answers with the first order.
 */
export async function placeOrder(
  tx: Tx,
  order: typeof orders.$inferInsert,
  lines: Omit<typeof orderItems.$inferInsert, 'orderId'>[],
): Promise<{ order: OrderRow; items: OrderItemRow[] } | null> {
  const [o] = await tx.insert(orders).values(order).onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] }).returning();
  if (!o) return null;
  const items = await tx.insert(orderItems).values(lines.map((l) => ({ ...l, orderId: o.id }))).returning();
  return { order: o, items };
}

/**
 * 删除订单 (docs/rules.md#delete-order): one guarded UPDATE sets hidden_at on a finished order not yet
 * hidden, and only while `also` holds (no after-sales request open, which the after-sales module says);
 * the row stays for the books and the console. Whether it was hidden.
 */
export async function hideFinishedOrder(db: DbOrTx, orderId: number, also: SQL): Promise<boolean> {
  const hidden = await db
    .update(orders)
    .set({ hiddenAt: new Date() })
    .where(and(eq(orders.id, orderId), isNull(orders.hiddenAt), inArray(orders.status, FINISHED_ORDER_STATUSES), also))
    .returning({ id: orders.id });
  return hidden.length > 0;
}
