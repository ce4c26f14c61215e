/**
 * Options as they are sold, for the modules that keep lists of them (the cart, 到货通知) and the
 * checkout: the product's name, the picture, kind, price and stock, and whether the option can be sold
 * at all (it and its product both on sale). A list is one query, however many options it names.
 */
import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { ProductKind } from '../../../domain/product-kind';
import type { DbOrTx } from '../../db/client';
import { products, skus } from '../../db/schema';

/** A SKU as it is sold: what a cart line shows and an order line keeps. */
export type SoldSku = {
  skuId: number;
  productId: number;
  productName: string;
  skuName: string;
  image: string;
  kind: ProductKind;
  priceFen: number;
};

/** A sold SKU with its stock now and whether it can be sold (the SKU and its product both on sale). */
type SkuCard = SoldSku & { stock: number; onSale: boolean };

const sellableColumns = {
  skuId: skus.id,
  productId: products.id,
  productName: products.name,
  skuName: skus.name,
  // The option's own picture, else the product's first: the cart line, checkout line and order snapshot show it.
  image: sql<string>`coalesce(${skus.image}, ${products.images}->0->>'src', '')`,
  kind: products.kind,
  priceFen: skus.priceFen,
  stock: skus.stock,
  onSale: sql<boolean>`${skus.onSale} and ${products.onSale}`,
};

/** The sellable-SKU query, with the caller's `extra` columns of products or skus; filter it with where(). */
function sellableSkus<E extends SelectedFields>(db: DbOrTx, extra?: E) {
  return db
    .select({ ...sellableColumns, ...(extra as E) })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .$dynamic();
}

/** The cards of these options (unknown ids are left out), in one query. */
export async function skuCards(db: DbOrTx, skuIds: readonly number[]): Promise<Map<number, SkuCard>> {
  const ids = [...new Set(skuIds)];
  if (ids.length === 0) return new Map();
  const rows: SkuCard[] = await sellableSkus(db).where(inArray(skus.id, ids));
  return new Map(rows.map((r) => [r.skuId, r]));
}

/**
 * The options `skuIds` names (those that exist) with their product's category: the checkout prices its
 * lines from this, never from what the browser sent, and splits coupons by category.
 */
export function sellableSkusById(db: DbOrTx, skuIds: readonly number[]): Promise<(SkuCard & { categoryId: number })[]> {
  return sellableSkus(db, { categoryId: products.categoryId }).where(inArray(skus.id, [...skuIds]));
}

/** Whether the product exists and is on sale (its options aside): 足迹 records views of these only. */
export async function productOnSale(db: DbOrTx, productId: number): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), eq(products.onSale, true)));
  return Boolean(row);
}
