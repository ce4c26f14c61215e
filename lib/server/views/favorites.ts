/**
 * 我的收藏: the shopper's saved products, newest first, each with its price now beside its price when saved.
 *
 * 我的收藏 (docs/rules.md#favorites-and-history): the shopper's saved products, newest first, each with
 * its price and stock now beside the price it had when saved. A read over the shopper's lists and the
 * catalog's products and options, in the statements the list always took (a count and a page); it
 * never writes.
 */
import 'server-only';
import { desc, eq, sql } from 'drizzle-orm';
import { favoritesQuerySchema } from '../../validation/favorites';
import { getDb } from '../db/client';
import { countRows, paged, type Page } from '../db/paged';
import { favorites, products } from '../db/schema';
import { iso } from '../iso';
import { liveSkus, productNow, productNowColumns, type ProductNow } from '../modules/catalog';

export type Favorite = ProductNow & {
  savedPriceFen: number;
  /** How much cheaper it is now than when saved (降价 ¥x); 0 when it is not. */
  priceDropFen: number;
  createdAt: string;
};

/** GET /favorites: newest first, with each product's price and stock now. */
export async function listFavorites(userId: number, query: unknown): Promise<Page<Favorite>> {
  const q = favoritesQuerySchema.parse(query);
  const db = await getDb();
  const mine = eq(favorites.userId, userId);
  const live = liveSkus(db, sql`(select ${favorites.productId} from ${favorites} where ${mine})`);
  const rows = db
    .select({ ...productNowColumns(live), savedPriceFen: favorites.savedPriceFen, createdAt: favorites.createdAt })
    .from(favorites)
    .innerJoin(products, eq(products.id, favorites.productId))
    .leftJoin(live, eq(live.productId, favorites.productId))
    .where(mine)
    .orderBy(desc(favorites.createdAt), desc(favorites.productId))
    .$dynamic();
  return paged(q, db.select({ total: countRows }).from(favorites).where(mine), rows, (list) =>
    list.map((r) => {
      const now = productNow(r);
      const drop = now.priceFen === null ? 0 : Math.max(0, r.savedPriceFen - now.priceFen);
      return { ...now, savedPriceFen: r.savedPriceFen, priceDropFen: drop, createdAt: iso(r.createdAt) };
    }),
  );
}
