/**
 * 足迹 (docs/rules.md#favorites-and-history): the products a logged-in shopper viewed, the last view
 * of each, newest first, at most HISTORY_KEPT. The product page records a view from the browser after
 * it loads (the page itself stays cached); a view is one upsert, and the oldest views past the limit
 * go in the same transaction, under a lock on the shopper, so concurrent views never keep more. The
 * list, with each product's price now, is a view (lib/server/views/browse-history.ts).
 */
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { HISTORY_KEPT } from '../../../domain/favorites-and-history';
import { clearHistorySchema, recordViewSchema } from '../../../validation/favorites';
import { getDb, withTx } from '../../db/client';
import { browseHistory } from '../../db/schema';
import { notFound } from '../../errors';
import { productOnSale } from '../catalog';
import { lockShopper } from '../../db/shopper-lock';

/** POST /user/history {productId}: an unknown product is 404; a product off sale is not recorded either (nobody could view it). */
export async function recordView(userId: number, input: unknown): Promise<{ recorded: true }> {
  const { productId } = recordViewSchema.parse(input);
  await withTx(async (tx) => {
    await lockShopper(tx, 'browse_history', userId);
    if (!(await productOnSale(tx, productId))) throw notFound('商品不存在或已下架');
    await tx
      .insert(browseHistory)
      .values({ userId, productId, viewedAt: sql`clock_timestamp()` })
      .onConflictDoUpdate({ target: [browseHistory.userId, browseHistory.productId], set: { viewedAt: sql`clock_timestamp()` } });
    // Only the newest HISTORY_KEPT stay; at most one row is over the limit after a new view.
    await tx.execute(sql`
      delete from browse_history where user_id = ${userId} and product_id in (
        select product_id from browse_history where user_id = ${userId}
        order by viewed_at desc, product_id desc offset ${HISTORY_KEPT})`);
  });
  return { recorded: true };
}

/** DELETE /user/history (all) or ?productId= (one view): the shopper's own rows only. */
export async function clearHistory(userId: number, query: unknown): Promise<{ removed: number }> {
  const { productId } = clearHistorySchema.parse(query);
  const db = await getDb();
  const mine = eq(browseHistory.userId, userId);
  const gone = await db
    .delete(browseHistory)
    .where(productId === undefined ? mine : and(mine, eq(browseHistory.productId, productId)))
    .returning({ productId: browseHistory.productId });
  return { removed: gone.length };
}
