/**
 * The catalog: categories, product lists and product detail, reshaped into domain types.
 * Pages read it through catalog-cached.ts; API handlers may call either.
 */
import 'server-only';
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { DB_INT_MAX } from '../../constants';
import type { ProductKind } from '../../product-kind';
import { productQuerySchema } from '../../validation/catalog';
import { getDb, type DbOrTx } from '../db/client';
import { countRows, paged, type Page } from '../db/paged';
import { categories, products, skus, type ProductImage, type ProductSpec } from '../db/schema';
import { iso } from '../iso';

export type Category = { id: number; slug: string; name: string; description: string };

export type ProductSummary = {
  id: number;
  name: string;
  subtitle: string;
  kind: ProductKind;
  categorySlug: string;
  image: ProductImage | null;
  priceFen: number;
  listPriceFen: number;
  inStock: boolean;
  landingPath: string | null;
};

type Sku = { id: number; name: string; priceFen: number; listPriceFen: number; stock: number };

export type ProductDetail = Omit<ProductSummary, 'image'> & {
  description: string;
  highlights: string[];
  specs: ProductSpec[];
  images: ProductImage[];
  category: Category;
  skus: Sku[];
  seo: { title: string; description: string; keywords: string };
  updatedAt: string;
};

export async function listCategories(): Promise<Category[]> {
  const db = await getDb();
  return db
    .select({ id: categories.id, slug: categories.slug, name: categories.name, description: categories.description })
    .from(categories)
    .orderBy(asc(categories.sort), asc(categories.id));
}

const summaryColumns = {
  id: products.id,
  name: products.name,
  subtitle: products.subtitle,
  kind: products.kind,
  categorySlug: categories.slug,
  images: products.images,
  landingPath: products.landingPath,
  priceFen: sql<number>`min(${skus.priceFen})::int`,
  listPriceFen: sql<number>`min(${skus.listPriceFen})::int`,
  stock: sql<number>`coalesce(sum(${skus.stock}), 0)::int`,
};

function toSummary(r: Awaited<ReturnType<typeof summaries>>[number]): ProductSummary {
  return {
    id: r.id,
    name: r.name,
    subtitle: r.subtitle,
    kind: r.kind,
    categorySlug: r.categorySlug,
    image: r.images[0] ?? null,
    priceFen: r.priceFen,
    listPriceFen: r.listPriceFen,
    inStock: r.stock > 0,
    landingPath: r.landingPath,
  };
}

function escapeLike(q: string): string {
  return q.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Products with their lowest on-sale SKU price and their stock, in the shop's order. */
function summaries(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(summaryColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(skus, and(eq(skus.productId, products.id), eq(skus.onSale, true)))
    .where(where)
    .groupBy(products.id, categories.slug, categories.sort)
    .orderBy(asc(categories.sort), asc(products.sort), asc(products.id))
    .$dynamic();
}

async function selectSummaries(where: SQL | undefined): Promise<ProductSummary[]> {
  return (await summaries(await getDb(), where)).map(toSummary);
}

/** GET /products and the product lists: `category`, `q`, `page`, `pageSize` (productQuerySchema). */
export async function listProducts(query: unknown): Promise<Page<ProductSummary>> {
  const q = productQuerySchema.parse(query);
  const db = await getDb();
  const conds = [eq(products.onSale, true)];
  if (q.category) conds.push(eq(categories.slug, q.category));
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    conds.push(or(ilike(products.name, like), ilike(products.subtitle, like))!);
  }
  const where = and(...conds);
  const count = db.select({ total: countRows }).from(products).innerJoin(categories, eq(categories.id, products.categoryId)).where(where);
  return paged(q, count, summaries(db, where), (rows) => rows.map(toSummary));
}

export async function listFeaturedProducts(): Promise<ProductSummary[]> {
  return selectSummaries(and(eq(products.onSale, true), eq(products.featured, true)));
}

export async function listProductsByIds(ids: number[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const rows = await selectSummaries(and(eq(products.onSale, true), inArray(products.id, ids)));
  return ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is ProductSummary => Boolean(r));
}

export async function listProductsInCategory(slug: string): Promise<ProductSummary[]> {
  return selectSummaries(and(eq(products.onSale, true), eq(categories.slug, slug)));
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
    .select({ id: skus.id, name: skus.name, priceFen: skus.priceFen, listPriceFen: skus.listPriceFen, stock: skus.stock })
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
