/** What the after-sales module asks of orders: an order by id, and the order lines a request names. */
import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
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
