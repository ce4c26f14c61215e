/**
 * What 价保 asks the catalog (docs/rules.md#价保): each option's prices since a moment, from the price
 * history its one price writer keeps (updateSku, the seed), and each product's window in days.
 */
import 'server-only';
import { and, asc, gte, inArray, or, sql } from 'drizzle-orm';
import type { PricePoint } from '../../../domain/price-protect';
import type { ProductKind } from '../../../domain/product-kind';
import type { DbOrTx } from '../../db/client';
import { products, skuPriceHistory } from '../../db/schema';

/**
 * The prices of these options in force at some moment since `since`: the row in force then (the last
 * before it) and every row after it. Keyed by option.
 */
export async function pricesSince(db: DbOrTx, skuIds: readonly number[], since: Date): Promise<Map<number, PricePoint[]>> {
  const out = new Map<number, PricePoint[]>(skuIds.map((id) => [id, []]));
  if (skuIds.length === 0) return out;
  const h = skuPriceHistory;
  // The last row before `since`, per option: a row in force at payment counts as much as a later one.
  const inForce = sql`${h.id} in (select distinct on (p.sku_id) p.id from ${h} p where p.sku_id in (${sql.join(
    skuIds.map((id) => sql`${id}`),
    sql`, `,
  )}) and p."from" <= ${since.toISOString()} order by p.sku_id, p."from" desc, p.id desc)`;
  const rows = await db
    .select({ id: h.id, skuId: h.skuId, priceFen: h.priceFen, from: h.from })
    .from(h)
    .where(and(inArray(h.skuId, [...skuIds]), or(gte(h.from, since), inForce)))
    .orderBy(asc(h.from), asc(h.id));
  for (const r of rows) out.get(r.skuId)!.push({ id: r.id, priceFen: r.priceFen, from: r.from });
  return out;
}

/** Each product's 价保 window in days (0: none) and kind. */
export async function protectDaysOf(db: DbOrTx, productIds: readonly number[]): Promise<Map<number, { days: number; kind: ProductKind }>> {
  if (productIds.length === 0) return new Map();
  const rows = await db.select({ id: products.id, days: products.priceProtectDays, kind: products.kind }).from(products).where(inArray(products.id, [...new Set(productIds)]));
  return new Map(rows.map((r) => [r.id, { days: r.days, kind: r.kind }]));
}
