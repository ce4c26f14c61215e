/**
 * What a product is now, for the shopper's own lists (我的收藏, 足迹): its lowest on-sale option's
 * price (the card's price) and whether any on-sale option is in stock. A product off sale, or with no
 * option on sale, has no price: the lists show it as 已下架.
 */
import 'server-only';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, skus, type ProductImage } from '../../db/schema';

export type ProductNow = {
  productId: number;
  name: string;
  image: ProductImage | null;
  /** Lowest on-sale option's price now; null when the product is 已下架. */
  priceFen: number | null;
  /** No on-sale option has stock (缺货); false for a product off sale. */
  outOfStock: boolean;
  offSale: boolean;
};

/** The live price and stock of the on-sale options of the products `productIds` selects (a subquery of the caller's own rows). */
export function liveSkus(db: DbOrTx, productIds: SQL) {
  return db
    .select({
      productId: skus.productId,
      priceFen: sql<number>`min(${skus.priceFen})::int`.as('live_price_fen'),
      stock: sql<number>`coalesce(sum(${skus.stock}), 0)::int`.as('live_stock'),
    })
    .from(skus)
    .where(and(eq(skus.onSale, true), inArray(skus.productId, productIds)))
    .groupBy(skus.productId)
    .as('live');
}

export function productNow(r: { productId: number; name: string; images: ProductImage[]; onSale: boolean; priceFen: number | null; stock: number | null }): ProductNow {
  const offSale = !r.onSale || r.priceFen === null;
  return {
    productId: r.productId,
    name: r.name,
    image: r.images[0] ?? null,
    priceFen: offSale ? null : r.priceFen,
    outOfStock: !offSale && (r.stock ?? 0) <= 0,
    offSale,
  };
}

/** The columns productNow reads, for a select over products joined to liveSkus(). */
export const productNowColumns = (live: ReturnType<typeof liveSkus>) => ({
  productId: products.id,
  name: products.name,
  images: products.images,
  onSale: products.onSale,
  priceFen: live.priceFen,
  stock: live.stock,
});

/** The lowest on-sale option's price of a product on sale, or null (unknown or 已下架). */
export async function onSalePrice(db: DbOrTx, productId: number): Promise<number | null> {
  const [row] = await db
    .select({ priceFen: sql<number | null>`min(${skus.priceFen})::int` })
    .from(products)
    .innerJoin(skus, and(eq(skus.productId, products.id), eq(skus.onSale, true)))
    .where(and(eq(products.id, productId), eq(products.onSale, true)));
  return row?.priceFen ?? null;
}
