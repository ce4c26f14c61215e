/** What the after-sales module asks of orders: an order by id. */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import type { OrderRow } from './rows';

export async function orderById(db: DbOrTx, id: number): Promise<OrderRow> {
  const [o] = await db.select().from(orders).where(eq(orders.id, id));
  return o;
}
