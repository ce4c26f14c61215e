/**
 * The catalog: categories, product detail and the ids on sale, reshaped into domain types. Pages read
 * them through cached.ts; the product lists, whose cards count sales and reviews, are a read model
 * over several owners' tables (views/product-cards.ts).
 */
import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { DB_INT_MAX } from '../../../domain/money';
import type { ProductKind } from '../../../domain/product-kind';
import { getDb } from '../../db/client';
import { categories, products, skus, type ProductImage, type ProductSpec } from '../../db/schema';
import { iso } from '../../iso';

export type Category = { id: number; slug: string; name: string; description: string };

/** What every view of a product says of it: the card (views/product-cards.ts) and the product page. */
export type ProductBase = {
  id: number;
  name: string;
  subtitle: string;
  kind: ProductKind;
  categorySlug: string;
  priceFen: number;
  listPriceFen: number;
  inStock: boolean;
  landingPath: string | null;
};

/** `image`: the option's own picture, or null when it shows the product's first image. */
type Sku = { id: number; name: string; priceFen: number; listPriceFen: number; stock: number; image: string | null };

export type ProductDetail = ProductBase & {
  description: string;
  highlights: string[];
  specs: ProductSpec[];
  images: ProductImage[];
  category: Category;
  skus: Sku[];
  seo: { title: string; description: string; keywords: string };
  /** 价保's window in days from payment; 0 = none (docs/rules.md#价保). */
  priceProtectDays: number;
  updatedAt: string;
};

export async function listCategories(): Promise<Category[]> {
  const db = await getDb();
  return db
    .select({ id: categories.id, slug: categories.slug, name: categories.name, description: categories.description })
    .from(categories)
    .orderBy(asc(categories.sort), asc(categories.id));
}

export async function getProduct(id: number): Promise<ProductDetail | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > DB_INT_MAX) return null;
  const db = await getDb();
  const [row] = await db
    .select({ p: products, c: categories })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.id, id), eq(products.onSale, true)));
  if (!row) return null;
  const skuRows = await db
    .select({ id: skus.id, name: skus.name, priceFen: skus.priceFen, listPriceFen: skus.listPriceFen, stock: skus.stock, image: skus.image })
    .from(skus)
    .where(and(eq(skus.productId, id), eq(skus.onSale, true)))
    .orderBy(asc(skus.sort), asc(skus.id));
  if (skuRows.length === 0) return null;
  const { p, c } = row;
  return {
    id: p.id,
    name: p.name,
    subtitle: p.subtitle,
    kind: p.kind,
    categorySlug: c.slug,
    category: { id: c.id, slug: c.slug, name: c.name, description: c.description },
    description: p.description,
    highlights: p.highlights,
    specs: p.specs,
    images: p.images,
    skus: skuRows,
    priceFen: Math.min(...skuRows.map((s) => s.priceFen)),
    listPriceFen: Math.min(...skuRows.map((s) => s.listPriceFen)),
    inStock: skuRows.some((s) => s.stock > 0),
    landingPath: p.landingPath,
    seo: { title: p.seoTitle, description: p.seoDescription, keywords: p.seoKeywords },
    priceProtectDays: p.priceProtectDays,
    updatedAt: iso(p.updatedAt),
  };
}

/** Ids and last change of every product on sale, for sitemap.xml. */
export async function listProductIdsForSitemap(): Promise<{ id: number; updatedAt: Date }[]> {
  const db = await getDb();
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.onSale, true))
    .orderBy(asc(products.id));
}
