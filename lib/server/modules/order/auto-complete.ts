/**
 * 自动确认收货 (docs/states.md#timers): shipped → completed for the orders signed for (or, with no
 * signing reported, shipped) long enough ago. When a waybill was signed is the tracking module's to
 * say (an SQL expression per order, handed in by the caller); counting from it, else from 发货, and the
 * move are the order module's.
 */
import 'server-only';
import { and, eq, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { moveOrders } from './states';

/**
 * Completes the shipped orders (one, or all) whose signing — `signedAt` of the order's id, null while
 * none was reported — or else 发货 is at or before `due`; the orders it moved.
 */
export function completeShippedOrders(tx: Tx, signedAt: (orderId: AnyColumn) => SQL, due: Date, orderId?: number) {
  const countsFrom = sql`coalesce(${signedAt(orders.id)}, ${orders.shippedAt})`;
  return moveOrders(tx, and(orderId === undefined ? undefined : eq(orders.id, orderId), lte(countsFrom, due)), 'shipped', 'completed');
}
