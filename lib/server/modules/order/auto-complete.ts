/**
 * 自动确认收货 (docs/states.md#timers): shipped → completed for the orders signed for (or, with no
 * signing reported, shipped) long enough ago. When the clock counts from is the tracking module's to
 * say (an SQL expression over orders); the move is the order module's.
 */
import 'server-only';
import { and, eq, lte, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { moveOrders } from './states';

/** Completes the shipped orders (one, or all) whose `countsFrom` is at or before `due`; the orders it moved. */
export function completeShippedOrders(tx: Tx, countsFrom: SQL, due: Date, orderId?: number) {
  return moveOrders(tx, and(orderId === undefined ? undefined : eq(orders.id, orderId), lte(countsFrom, due)), 'shipped', 'completed');
}
