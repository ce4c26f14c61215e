/**
 * What went back to the shopper through after-sales on one order (requests 退款中 or 已退款): the units
 * and fen of each line, and the shipping refunded with them. An issued invoice lists the rest.
 */
import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { REFUNDED_AFTER_SALE_STATUSES } from '../../../domain/after-sale';
import type { DbOrTx } from '../../db/client';
import { afterSaleItems, afterSales } from '../../db/schema';

/** Per order line (`id`: the order item's), the units and fen refunded. */
export async function refundedLines(db: DbOrTx, orderId: number): Promise<{ id: number; qty: number; fen: number }[]> {
  return db
    .select({ id: afterSaleItems.orderItemId, qty: sql<number>`sum(${afterSaleItems.quantity})::int`, fen: sql<number>`sum(${afterSaleItems.refundFen})::int` })
    .from(afterSaleItems)
    .innerJoin(afterSales, eq(afterSales.id, afterSaleItems.afterSaleId))
    .where(and(eq(afterSales.orderId, orderId), inArray(afterSales.status, REFUNDED_AFTER_SALE_STATUSES)))
    .groupBy(afterSaleItems.orderItemId);
}

/** The shipping refunded with the order's requests, in fen. */
export async function refundedShippingFen(db: DbOrTx, orderId: number): Promise<number> {
  const [ship] = await db
    .select({ fen: sql<number>`coalesce(sum(${afterSales.shippingFen}), 0)::int` })
    .from(afterSales)
    .where(and(eq(afterSales.orderId, orderId), inArray(afterSales.status, REFUNDED_AFTER_SALE_STATUSES)));
  return ship.fen;
}
