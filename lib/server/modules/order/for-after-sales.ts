/**
 * What the after-sales module asks of orders: an order by id or the shopper's by number, the order lines
 * a request names, whether any of its activation codes was activated (an activated code keeps the
 * order's money: docs/after-sales.md#rules), and taking refunded codes back.
 */
import 'server-only';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { licenses, orderItems, orders } from '../../db/schema';
import type { OrderRow } from './rows';

export async function orderById(db: DbOrTx, id: number): Promise<OrderRow> {
  const [o] = await db.select().from(orders).where(eq(orders.id, id));
  return o;
}

/** Order lines by id (the lines an after-sales request names): what the request moves of each, by sku, then id. */
export function orderLinesById(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: orderItems.id, skuId: orderItems.skuId, productId: orderItems.productId, productName: orderItems.productName, kind: orderItems.kind })
    .from(orderItems)
    .where(inArray(orderItems.id, ids))
    .orderBy(asc(orderItems.skuId), asc(orderItems.id));
}

/** Whether a code of the order was activated. */
export async function anyLicenseActivated(db: DbOrTx, orderId: number): Promise<boolean> {
  const [act] = await db.select({ n: sql<number>`count(*)::int` }).from(licenses).where(and(eq(licenses.orderId, orderId), isNotNull(licenses.activatedAt)));
  return act.n > 0;
}

/**
 * Activation codes refunded are taken back: `quantity` unused codes of the line, oldest first. Answers
 * how many were taken (fewer when one was activated meanwhile).
 */
export async function revokeUnusedCodes(tx: Tx, orderItemId: number, quantity: number): Promise<number> {
  const revoked = await tx
    .update(licenses)
    .set({ revokedAt: new Date() })
    .where(
      and(
        inArray(
          licenses.id,
          tx
            .select({ id: licenses.id })
            .from(licenses)
            .where(and(eq(licenses.orderItemId, orderItemId), isNull(licenses.revokedAt), isNull(licenses.activatedAt)))
            .orderBy(asc(licenses.id))
            .limit(quantity),
        ),
        // Checked again on the row itself: PostgreSQL re-reads a row changed meanwhile against these,
        // not against the subquery, which would revoke a code activated since it looked.
        isNull(licenses.revokedAt),
        isNull(licenses.activatedAt),
      ),
    )
    .returning({ id: licenses.id });
  return revoked.length;
}
