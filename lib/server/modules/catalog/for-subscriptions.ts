/**
 * What the subscription module asks of the catalog: options' codes, names and prices of the day by id, and ids by code (a service's edition
 * is read from its SKU code), and a product by its slug (each app asks about its own product).
 */
import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, skus } from '../../db/schema';

export async function skuCodes(db: DbOrTx, skuIds: readonly number[]): Promise<Map<number, { code: string; name: string; priceFen: number }>> {
  const ids = [...new Set(skuIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: skus.id, code: skus.code, name: skus.name, priceFen: skus.priceFen }).from(skus).where(inArray(skus.id, ids));
  return new Map(rows.map((r) => [r.id, { code: r.code, name: r.name, priceFen: r.priceFen }]));
}

/** The product of this slug (on sale or not), or null. */
export async function productOfSlug(db: DbOrTx, slug: string): Promise<{ id: number; name: string } | null> {
  const [p] = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.slug, slug));
  return p ?? null;
}

/** The ids of options by their codes (those that exist): the SKU of the edition an upgrade leads to. */
export async function skuIdsByCode(db: DbOrTx, codes: readonly string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(codes)];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: skus.id, code: skus.code }).from(skus).where(inArray(skus.code, wanted));
  return new Map(rows.map((r) => [r.code, r.id]));
}
