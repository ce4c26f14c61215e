/**
 * What the invoice module and its flows ask of orders: the shopper's order a request is for (share-locked,
 * so a refund that starts meanwhile waits or is seen), the order and its lines an issued PDF lists, and
 * the condition "the invoice's order is still invoiceable" inside the invoice's guarded update.
 */
import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '../../../domain/order-status';
import type { DbOrTx, Tx } from '../../db/client';
import { orders } from '../../db/schema';

/** The shopper's order by its number, share-locked for the transaction; undefined when it is not theirs. */
export async function shareLockShopperOrder(tx: Tx, userId: number, orderNo: string): Promise<{ id: number; status: OrderStatus; totalFen: number } | undefined> {
  const [o] = await tx
    .select({ id: orders.id, status: orders.status, totalFen: orders.totalFen })
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)))
    .for('share');
  return o;
}

/** The order's number, state and total. */
export async function orderTotal(db: DbOrTx, orderId: number): Promise<{ orderNo: string; status: OrderStatus; totalFen: number }> {
  const [o] = await db.select({ orderNo: orders.orderNo, status: orders.status, totalFen: orders.totalFen }).from(orders).where(eq(orders.id, orderId));
  return o;
}

/**
 * The order whose id is `orderId` is in one of `statuses` (an SQL condition for another table's
 * statement). Qualified by hand: inside an UPDATE drizzle writes columns without their table.
 */
export const orderIsIn = (orderId: SQL, statuses: readonly OrderStatus[]): SQL =>
  sql`exists (select 1 from ${orders} where "orders"."id" = ${orderId} and "orders"."status" in (${sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  )}))`;
