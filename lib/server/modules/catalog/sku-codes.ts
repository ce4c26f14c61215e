/** The codes and names of options by id, and their ids by code, for the subscription module, which reads a service's edition from its SKU code. */
import 'server-only';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { skus } from '../../db/schema';

export async function skuCodes(db: DbOrTx, skuIds: readonly number[]): Promise<Map<number, { code: string; name: string }>> {
  const ids = [...new Set(skuIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: skus.id, code: skus.code, name: skus.name }).from(skus).where(inArray(skus.id, ids));
  return new Map(rows.map((r) => [r.id, { code: r.code, name: r.name }]));
}

/** The ids of options by their codes (those that exist): the SKU of the edition an upgrade leads to. */
export async function skuIdsByCode(db: DbOrTx, codes: readonly string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(codes)];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: skus.id, code: skus.code }).from(skus).where(inArray(skus.code, wanted));
  return new Map(rows.map((r) => [r.code, r.id]));
}
