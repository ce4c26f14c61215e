/**
 * An option (SKU) as it is sold: its product's name, its picture and kind, its price and stock, and
 * whether it can be sold at all (the option and its product both on sale). The checkout prices its
 * lines from this, never from what the browser sent.
 */
import 'server-only';
import { eq, inArray, sql } from 'drizzle-orm';
import type { ProductKind } from '../../../domain/product-kind';
import type { DbOrTx } from '../../db/client';
import { products, skus } from '../../db/schema';

/** What a cart line shows and an order line keeps of an option. */
export type SellableSku = {
  skuId: number;
  productId: number;
  productName: string;
  skuName: string;
  image: string;
  kind: ProductKind;
  priceFen: number;
};

/** The options `skuIds` names (those that exist), with their stock, whether they are on sale, and their product's category. */
export function sellableSkusById(db: DbOrTx, skuIds: number[]): Promise<(SellableSku & { stock: number; onSale: boolean; categoryId: number })[]> {
  return db
    .select({
      skuId: skus.id,
      productId: products.id,
      productName: products.name,
      skuName: skus.name,
      // The option's own picture, else the product's first: the checkout line and the order's snapshot show it.
      image: sql<string>`coalesce(${skus.image}, ${products.images}->0->>'src', '')`,
      kind: products.kind,
      priceFen: skus.priceFen,
      stock: skus.stock,
      onSale: sql<boolean>`${skus.onSale} and ${products.onSale}`,
      categoryId: products.categoryId,
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(inArray(skus.id, skuIds));
}
