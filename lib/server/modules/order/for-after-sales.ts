/**
 * What the after-sales module asks of orders: an order by id or the shopper's by number, whether any of
 * its activation codes was activated (an activated code keeps the order's money:
 * docs/after-sales.md#rules), and taking refunded codes back.
 */
import 'server-only';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { licenses, orders } from '../../db/schema';
import type { OrderRow } from './rows';

export async function orderById(db: DbOrTx, id: number): Promise<OrderRow> {
  const [o] = await db.select().from(orders).where(eq(orders.id, id));
  return o;
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
