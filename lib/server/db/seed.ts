/**
 * Idempotent seed: inserts the categories, products and SKUs that are missing; never overwrites, except
 * that an existing option without a picture gets the seed's (lib/server/db/seed-catalog.ts). A product's
 * search words are cut as it is inserted; rows cut with an older segmenter are the catalog's to cut again
 * (reindexSearchWords, at start).
 */
import { sql } from 'drizzle-orm';
import { withTx, type Db } from './client';
import { countRows } from './paged';
import { categories, products, skuPriceHistory, skus } from './schema';
import { SEED_CATEGORIES, SEED_PRODUCTS } from './seed-catalog';
import { productWords } from '../words/product-words';

export async function seedDb(db: Db): Promise<{ products: number }> {
  await withTx(async (tx) => {
    await tx.insert(categories).values(SEED_CATEGORIES).onConflictDoNothing({ target: categories.slug });
    const cats = await tx.select({ id: categories.id, slug: categories.slug }).from(categories);
    const catId = new Map(cats.map((c) => [c.slug, c.id]));
    for (const p of SEED_PRODUCTS) {
      const { skus: seedSkus, category, ...row } = p;
      await tx
        .insert(products)
        .values({ ...row, ...productWords(row), categoryId: catId.get(category)!, ...(row.kind === 'service' ? { priceProtectDays: 0 } : {}) })
        .onConflictDoNothing({ target: products.id });
      await tx
        .insert(skus)
        .values(seedSkus.map((s, i) => ({ ...s, productId: p.id, sort: i })))
        // Only a row whose image is still null is touched: one write the first time, none after.
        .onConflictDoUpdate({ target: skus.code, set: { image: sql`excluded.image` }, setWhere: sql`${skus.image} is null and excluded.image is not null` });
    }
    // Every option starts its price history with the price it sells for (docs/rules.md#价保).
    await tx.execute(
      sql`insert into ${skuPriceHistory} (sku_id, price_fen) select s.id, s.price_fen from ${skus} s where not exists (select 1 from ${skuPriceHistory} h where h.sku_id = s.id)`,
    );
  }, db);
  const [{ n }] = await db.select({ n: countRows }).from(products);
  return { products: n };
}
