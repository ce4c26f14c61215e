/**
 * 足迹 (docs/rules.md#favorites-and-history): the products a logged-in shopper viewed, the last view
 * of each, newest first, at most HISTORY_KEPT. The product page records a view from the browser after
 * it loads (the page itself stays cached); a view is one upsert, and the oldest views past the limit
 * go in the same transaction, under a lock on the shopper, so concurrent views never keep more.
 */
import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { HISTORY_KEPT } from '../../../constants';
import { clearHistorySchema, recordViewSchema } from '../../../validation/favorites';
import { getDb, withTx } from '../../db/client';
import { browseHistory, products } from '../../db/schema';
import { notFound } from '../../errors';
import { iso } from '../../iso';
import { liveSkus, productNow, productNowColumns, type ProductNow } from '../catalog';
import { lockShopper } from '../../db/shopper-lock';

export type HistoryItem = ProductNow & { viewedAt: string };

/** POST /user/history {productId}: an unknown product is 404; a product off sale is not recorded either (nobody could view it). */
export async function recordView(userId: number, input: unknown): Promise<{ recorded: true }> {
  const { productId } = recordViewSchema.parse(input);
  await withTx(async (tx) => {
    await lockShopper(tx, 'browse_history', userId);
    const [product] = await tx.select({ id: products.id }).from(products).where(and(eq(products.id, productId), eq(products.onSale, true)));
    if (!product) throw notFound('商品不存在或已下架');
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

/** GET /user/history: newest first (the screen groups the views by Beijing day). */
export async function listHistory(userId: number): Promise<HistoryItem[]> {
  const db = await getDb();
  const mine = eq(browseHistory.userId, userId);
  const live = liveSkus(db, sql`(select ${browseHistory.productId} from ${browseHistory} where ${mine})`);
  const rows = await db
    .select({ ...productNowColumns(live), viewedAt: browseHistory.viewedAt })
    .from(browseHistory)
    .innerJoin(products, eq(products.id, browseHistory.productId))
    .leftJoin(live, eq(live.productId, browseHistory.productId))
    .where(mine)
    .orderBy(desc(browseHistory.viewedAt), desc(browseHistory.productId))
    .limit(HISTORY_KEPT);
  return rows.map((r) => ({ ...productNow(r), viewedAt: iso(r.viewedAt) }));
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
