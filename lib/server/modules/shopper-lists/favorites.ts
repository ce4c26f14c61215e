/**
 * 我的收藏 (docs/rules.md#favorites-and-history): a shopper's saved products, each with the price it
 * had when saved, so the list can say 降价 when it fell. At most FAVORITES_MAX per shopper, counted
 * under a lock on the shopper (as uploads.ts does), so a burst of saves cannot slip past the count.
 * Every read and write is by the shopper's own id: another shopper's favorites are never reached. The
 * list itself, with each product's price now, is a view (lib/server/views/favorites.ts).
 */
import 'server-only';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { FAVORITES_MAX } from '../../../domain/favorites-and-history';
import { removeFavoritesSchema } from '../../../validation/favorites';
import { getDb, withTx, type DbOrTx } from '../../db/client';
import { countRows } from '../../db/paged';
import { browseHistory, favorites } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { onSalePrice } from '../catalog';
import { lockShopper } from '../../db/shopper-lock';

const FAVORITES_FULL = `收藏夹已满（最多 ${FAVORITES_MAX} 件），请先删除一些再收藏`;

/** PUT /favorites/{productId}: saves a product on sale at its price now; saving it again keeps the first save. */
export async function addFavorite(userId: number, productId: number): Promise<{ favorite: true }> {
  await withTx(async (tx) => {
    await lockShopper(tx, 'favorite', userId);
    const price = await onSalePrice(tx, productId);
    if (price === null) throw notFound('商品不存在或已下架');
    const [had] = await tx.select({ n: countRows }).from(favorites).where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)));
    if (had.n > 0) return;
    const [{ n }] = await tx.select({ n: countRows }).from(favorites).where(eq(favorites.userId, userId));
    if (n >= FAVORITES_MAX) throw conflict(FAVORITES_FULL);
    await tx.insert(favorites).values({ userId, productId, savedPriceFen: price }).onConflictDoNothing();
  });
  return { favorite: true };
}

/** DELETE /favorites/{productId}: removing what is not saved is no error. */
export async function removeFavorite(userId: number, productId: number): Promise<{ favorite: false }> {
  const db = await getDb();
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)));
  return { favorite: false };
}

/** DELETE /favorites {productIds}: 批量删除; ids the shopper never saved are passed over. */
export async function removeFavorites(userId: number, input: unknown): Promise<{ removed: number }> {
  const { productIds } = removeFavoritesSchema.parse(input);
  const db = await getDb();
  const gone = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), inArray(favorites.productId, [...new Set(productIds)])))
    .returning({ productId: favorites.productId });
  return { removed: gone.length };
}

/** GET /favorites/{productId}: the product page's heart (read after render: the page is cached). */
export async function isFavorite(userId: number, productId: number): Promise<{ favorite: boolean }> {
  const db = await getDb();
  const [row] = await db.select({ n: countRows }).from(favorites).where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)));
  return { favorite: row.n > 0 };
}

/** 我的 (phone): the counts of 商品收藏 and 浏览记录 under the shopper's name. */
export async function favoriteAndHistoryCounts(userId: number): Promise<{ favorites: number; history: number }> {
  const db = await getDb();
  const [[f], [h]] = await Promise.all([
    db.select({ n: countRows }).from(favorites).where(eq(favorites.userId, userId)),
    db.select({ n: countRows }).from(browseHistory).where(eq(browseHistory.userId, userId)),
  ]);
  return { favorites: f.n, history: h.n };
}

/** Who saved the product at a higher price than `priceFen`, and at what price (a price drop's news). */
export function favoritesSavedAbove(db: DbOrTx, productId: number, priceFen: number): Promise<{ userId: number; savedPriceFen: number }[]> {
  return db
    .select({ userId: favorites.userId, savedPriceFen: favorites.savedPriceFen })
    .from(favorites)
    .where(and(eq(favorites.productId, productId), gt(favorites.savedPriceFen, priceFen)));
}
