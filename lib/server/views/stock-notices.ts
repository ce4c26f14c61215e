/**
 * The shopper's 到货通知 still waiting, with each option's and product's names.
 *
 * 到货通知 waiting (docs/states.md#stock-notices): the shopper's notices not yet sent, newest first,
 * each with its option's and product's names; the product page marks its options with them. A read
 * over the shopper's lists and the catalog's options and products, in one statement; it never writes.
 */
import 'server-only';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { products, skus, stockNotices } from '../db/schema';
import { iso } from '../iso';

export type StockNotice = { skuId: number; productId: number; productName: string; skuName: string; createdAt: string };

/** GET /stock-notices, and the answer of PUT and DELETE /stock-notices/{skuId}. */
export async function listStockNotices(userId: number): Promise<StockNotice[]> {
  const db = await getDb();
  const rows = await db
    .select({ skuId: skus.id, productId: products.id, productName: products.name, skuName: skus.name, createdAt: stockNotices.createdAt })
    .from(stockNotices)
    .innerJoin(skus, eq(skus.id, stockNotices.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(stockNotices.userId, userId), isNull(stockNotices.notifiedAt)))
    .orderBy(desc(stockNotices.id));
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
}
