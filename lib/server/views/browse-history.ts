/**
 * 足迹: the products the shopper viewed, newest first, each with its price and stock now.
 *
 * 足迹 (docs/rules.md#favorites-and-history): the products the shopper viewed, the last view of each,
 * newest first, with each product's price and stock now. A read over the shopper's lists and the
 * catalog's products and options, in one statement; it never writes.
 */
import 'server-only';
import { desc, eq, sql } from 'drizzle-orm';
import { HISTORY_KEPT } from '../../domain/favorites-and-history';
import { getDb } from '../db/client';
import { browseHistory, products } from '../db/schema';
import { iso } from '../iso';
import { liveSkus, productNow, productNowColumns, type ProductNow } from '../modules/catalog';

export type HistoryItem = ProductNow & { viewedAt: string };

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
