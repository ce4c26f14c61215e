/** What an order placed from the cart takes out of it: the lines bought leave the shopper's cart in the checkout's transaction. */
import 'server-only';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

export async function removeBoughtLines(tx: Tx, userId: number, skuIds: number[]): Promise<void> {
  await tx.execute(sql`
    delete from cart_items where sku_id in (${sql.join(skuIds.map((id) => sql`${id}`), sql`, `)})
      and cart_id in (select id from carts where user_id = ${userId})`);
}
