/**
 * The codes, names and prices of the day of options by id, for the subscription module, which reads a
 * service's edition from its SKU code and prices its renewal from the SKU's price.
 */
import 'server-only';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { skus } from '../../db/schema';

export async function skuCodes(db: DbOrTx, skuIds: readonly number[]): Promise<Map<number, { code: string; name: string; priceFen: number }>> {
  const ids = [...new Set(skuIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: skus.id, code: skus.code, name: skus.name, priceFen: skus.priceFen }).from(skus).where(inArray(skus.id, ids));
  return new Map(rows.map((r) => [r.id, { code: r.code, name: r.name, priceFen: r.priceFen }]));
}
