/**
 * 注销账号 (docs/privacy.md#deregistration), the orders' part: an order under way refuses it; finished
 * orders stay for the books, their delivery address keeping the region only and the remark going.
 */
import 'server-only';
import { and, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import { maskAddressSnapshot, UNFINISHED_ORDER_STATUSES } from '../../../domain/privacy';
import type { OrderStatus } from '../../../domain/order-status';
import type { DbOrTx, Tx } from '../../db/client';
import { orders } from '../../db/schema';

/** The status of one of the shopper's orders still under way (UNFINISHED_ORDER_STATUSES), or null when none is. */
export async function unfinishedOrderStatus(db: DbOrTx, userId: number): Promise<OrderStatus | null> {
  const [open] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, UNFINISHED_ORDER_STATUSES)))
    .limit(1);
  return open?.status ?? null;
}

/** Masks the delivery address of every finished order (all of them by now) and clears every remark. */
export async function forgetUser(tx: Tx, userId: number): Promise<void> {
  const now = new Date();
  const kept = await tx
    .select({ id: orders.id, snapshot: orders.addressSnapshot })
    .from(orders)
    .where(and(eq(orders.userId, userId), notInArray(orders.status, [...UNFINISHED_ORDER_STATUSES]), isNotNull(orders.addressSnapshot)));
  for (const o of kept) {
    await tx.update(orders).set({ addressSnapshot: maskAddressSnapshot(o.snapshot!), updatedAt: now }).where(eq(orders.id, o.id));
  }
  await tx.update(orders).set({ remark: '' }).where(eq(orders.userId, userId));
}
