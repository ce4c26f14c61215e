/**
 * The order lines a request names, with what it moves of each: the request's own rows (line, quantity)
 * and the order module's facts of the line (sku, product, name, kind), asked through its index.
 */
import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { afterSaleItems } from '../../db/schema';
import { orderLinesById } from '../order';

/** The request's lines, by sku (the lock order of stock updates: docs/states.md#stock). */
export async function requestLines(db: DbOrTx, afterSaleId: number) {
  const mine = await db
    .select({ orderItemId: afterSaleItems.orderItemId, quantity: afterSaleItems.quantity })
    .from(afterSaleItems)
    .where(eq(afterSaleItems.afterSaleId, afterSaleId))
    .orderBy(asc(afterSaleItems.id));
  const quantity = new Map(mine.map((i) => [i.orderItemId, i.quantity]));
  const lines = await orderLinesById(
    db,
    mine.map((i) => i.orderItemId),
  );
  return lines.map((l) => ({ orderItemId: l.id, quantity: quantity.get(l.id)!, skuId: l.skuId, productId: l.productId, name: l.productName, kind: l.kind }));
}
