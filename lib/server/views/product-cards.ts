/**
 * The product cards of every list (home, category, search, 热销, 猜你喜欢): lowest price, stock, 销量, review counts.
 *
 * The product cards of every list (home, category, search, 热销, 猜你喜欢): a product with its lowest
 * on-sale price, its stock, 销量 and review counts, in one query per list (no query per card). A read
 * model over the catalog's, the orders', after-sales' and reviews' tables: it reads and never writes.
 * Pages read it through views/product-cards-cached.ts.
 */
import 'server-only';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AfterSaleType } from '../../domain/after-sale';
import { yuanStringToFen } from '../../domain/money';
import { goodPercent } from '../../domain/review';
import type { OrderStatus } from '../../domain/order-status';
import { normalizeSearch } from '../../domain/search-words';
import { productQuerySchema, type ProductQuery } from '../../validation/catalog';
import { correctSearch, planSearch, relaxPlan, type SearchTerm } from '../words/search-plan';
import { searchContext } from './search-context';
import { getDb, type DbOrTx } from '../db/client';
import { countRows, paged, type Page } from '../db/paged';
import { afterSaleItems, afterSales, categories, orderItems, orders, products, reviews, skus, type ProductImage } from '../db/schema';
import { listCategories, type Category, type ProductBase } from '../modules/catalog';
import { isGoodReview } from '../modules/reviews';

export type ProductSummary = ProductBase & {
  image: ProductImage | null;
  /** 销量 (salesTable), and the visible reviews: how many, and the 好评 share in whole percent (0 without reviews). */
  sold: number;
  reviewCount: number;
  goodPercent: number;
};

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

type SummaryRow = Awaited<ReturnType<typeof summaries>['query']>[number];

function toSummary(r: SummaryRow): ProductSummary {
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
    sold: r.sold,
    reviewCount: r.reviewCount,
    goodPercent: goodPercent(r.goodCount, r.reviewCount),
  };
}

/** The shop's own order: by category, then the operator's sort, then id. */
const shopOrder = [asc(categories.sort), asc(products.sort), asc(products.id)];
const minPrice = sql`min(${skus.priceFen})`;

const SOLD_ORDER_STATUSES: OrderStatus[] = ['paid', 'shipped', 'completed'];
const REFUNDING_TYPES: AfterSaleType[] = ['refund_only', 'return_refund'];

/**
 * 销量 per product (docs/rules.md#search): the units of order lines whose order was paid and kept
 * (待发货, 待收货, 已完成), less the units of those lines refunded through 售后 (a 仅退款 or 退货退款
 * request that reached 已退款). Cancelled and refunded orders never count. A product nobody bought has none.
 */
function salesTable(db: DbOrTx) {
  const refunded = db
    .select({ orderItemId: afterSaleItems.orderItemId, qty: sql<number>`sum(${afterSaleItems.quantity})`.as('refunded_qty') })
    .from(afterSaleItems)
    .innerJoin(afterSales, and(eq(afterSales.id, afterSaleItems.afterSaleId), eq(afterSales.status, 'refunded'), inArray(afterSales.type, REFUNDING_TYPES)))
    .groupBy(afterSaleItems.orderItemId)
    .as('refunded');
  return db
    .select({ productId: orderItems.productId, sold: sql<number>`sum(${orderItems.quantity} - coalesce(${refunded.qty}, 0))::int`.as('sold') })
    .from(orderItems)
    .innerJoin(orders, and(eq(orders.id, orderItems.orderId), inArray(orders.status, SOLD_ORDER_STATUSES)))
    .leftJoin(refunded, eq(refunded.orderItemId, orderItems.id))
    .groupBy(orderItems.productId)
    .as('sales');
}

/** Visible reviews per product (a hidden one counts nowhere, docs/reviews.md#hiding): how many, and how many 好评. */
function reviewTotals(db: DbOrTx) {
  return db
    .select({
      productId: reviews.productId,
      count: sql<number>`count(*)::int`.as('review_count'),
      good: sql<number>`(count(*) filter (where ${isGoodReview}))::int`.as('good_count'),
    })
    .from(reviews)
    .where(isNull(reviews.hiddenAt))
    .groupBy(reviews.productId)
    .as('review_totals');
}

/**
 * Products with their lowest on-sale SKU price, their stock, 销量 and review counts, in one query
 * (the cards print them: no query per card).
 */
function summaries(db: DbOrTx, where: SQL | undefined, having?: SQL) {
  const sales = salesTable(db);
  const rated = reviewTotals(db);
  const sold = sql<number>`coalesce(max(${sales.sold}), 0)::int`;
  const query = db
    .select({
      ...summaryColumns,
      sold,
      reviewCount: sql<number>`coalesce(max(${rated.count}), 0)::int`,
      goodCount: sql<number>`coalesce(max(${rated.good}), 0)::int`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(skus, and(eq(skus.productId, products.id), eq(skus.onSale, true)))
    .leftJoin(sales, eq(sales.productId, products.id))
    .leftJoin(rated, eq(rated.productId, products.id))
    .where(where)
    .groupBy(products.id, categories.slug, categories.sort)
    .having(having)
    .$dynamic();
  return { query, sold };
}

async function selectSummaries(where: SQL | undefined): Promise<ProductSummary[]> {
  return (await summaries(await getDb(), where).query.orderBy(...shopOrder)).map(toSummary);
}

/** A term found: the product's search words hold one of its words (GIN index on search_words). */
const wordsArray = (words: string[]): SQL => sql`array[${sql.join(
  words.map((w) => sql`${w}`),
  sql`, `,
)}]::text[]`;

/**
 * Where a product's words match a search, for 综合 (docs/rules.md#search): per term 100 in the name, 10
 * in the subtitle, 1 in the specs; the sum orders the list, then 销量.
 */
function rankOf(terms: SearchTerm[]): SQL {
  return sql.join(
    terms.map((t) => sql`(case when ${products.nameWords} && ${wordsArray(t.words)} then 100 when ${products.subtitleWords} && ${wordsArray(t.words)} then 10 else 1 end)`),
    sql` + `,
  );
}

/** A page of the list, with the words its cards mark and the correction it was found with (「您是不是要找」). */
export type ProductListPage = Page<ProductSummary> & { highlight: string[]; didYouMean?: string };

/** One page of products for a parsed query and, with a search, its terms (every one must match). */
function pageOf(q: ProductQuery, terms: SearchTerm[] | null, db: DbOrTx): Promise<Page<ProductSummary>> {
  const matching = terms === null ? [] : terms.length === 0 ? [sql`false`] : terms.map((t) => sql`${products.searchWords} && ${wordsArray(t.words)}`);
  const where = and(eq(products.onSale, true), q.category ? eq(categories.slug, q.category) : undefined, ...matching);
  const min = yuanStringToFen(q.minPrice ?? null);
  const max = yuanStringToFen(q.maxPrice ?? null);
  const having = and(min !== null ? sql`${minPrice} >= ${min}` : undefined, max !== null ? sql`${minPrice} <= ${max}` : undefined);
  const { query: rows, sold } = summaries(db, where, having);
  const ranked = terms?.length ? [sql`${rankOf(terms)} desc`, desc(sold)] : [];
  const order = q.sort === 'price-asc' ? [asc(minPrice)] : q.sort === 'price-desc' ? [desc(minPrice)] : q.sort === 'sales' ? [desc(sold)] : ranked;
  const matched = db
    .select({ id: products.id })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(skus, and(eq(skus.productId, products.id), eq(skus.onSale, true)))
    .where(where)
    .groupBy(products.id)
    .having(having)
    .as('matched');
  const count = db.select({ total: countRows }).from(matched);
  return paged(q, count, rows.orderBy(...order, ...shopOrder), (r) => r.map(toSummary));
}

/**
 * GET /products and the product lists (productQuerySchema): `category`, `q`, `sort` (综合, price up or
 * down, 销量), the price range in yuan on the lowest on-sale price (the one the card shows), `page`,
 * `pageSize`. A search (docs/rules.md#search) is read into terms (synonyms and pinyin applied); when
 * they find nothing, the corrected search (耳几 → 耳机) is tried and named in `didYouMean`, and last the
 * search without the words no product has. 综合 with a search orders by where the words match, then 销量.
 */
export async function listProducts(query: unknown): Promise<ProductListPage> {
  const q = productQuerySchema.parse(query);
  const db = await getDb();
  if (!q.q) return { ...(await pageOf(q, null, db)), highlight: [] };
  const { synonyms, vocabulary } = await searchContext();
  const plan = planSearch(q.q, synonyms, vocabulary);
  const literal = await pageOf(q, plan.terms, db);
  if (literal.total > 0 || plan.terms.length === 0) return { ...literal, highlight: plan.highlight };
  const corrected = correctSearch(q.q, synonyms, vocabulary);
  if (corrected) {
    const fixed = planSearch(corrected, synonyms, vocabulary);
    const page = await pageOf(q, fixed.terms, db);
    if (page.total > 0) return { ...page, highlight: fixed.highlight, didYouMean: corrected };
  }
  const relaxed = relaxPlan(plan, vocabulary);
  if (relaxed) {
    const page = await pageOf(q, relaxed.terms, db);
    if (page.total > 0) return { ...page, highlight: relaxed.highlight };
  }
  return { ...literal, highlight: [] };
}

/** The best sellers by 销量 (the shop's order among equals, so a new shop shows its first products). */
export async function listBestSellers(limit?: number): Promise<ProductSummary[]> {
  const { query, sold } = summaries(await getDb(), eq(products.onSale, true));
  const ranked = query.orderBy(desc(sold), ...shopOrder);
  return (await (limit === undefined ? ranked : ranked.limit(limit))).map(toSummary);
}

/**
 * What a search without results offers instead (docs/routes.md#catalog-and-content-pages): the
 * categories, and the words of the products' names (not a category's name, not a bare number), those
 * of the best-selling products first (then the most common), the one source of 热门搜索.
 */
export async function listSearchSuggestions(limit: number): Promise<{ categories: Category[]; terms: string[] }> {
  const [cats, ranked] = await Promise.all([listCategories(), listBestSellers()]);
  const score = new Map<string, { sold: number; count: number; at: number }>();
  // A category's name is offered as the category itself; a bare number (a model's "200") says nothing alone.
  const skip = (word: string) => [...word].length < 2 || /^\d+$/.test(word) || cats.some((c) => c.name === word);
  ranked.forEach((p, at) => {
    for (const word of new Set(normalizeSearch(p.name).split(' '))) {
      if (skip(word)) continue;
      const s = score.get(word) ?? { sold: 0, count: 0, at };
      score.set(word, { sold: s.sold + p.sold, count: s.count + 1, at: s.at });
    }
  });
  const terms = [...score.entries()]
    .sort(([, a], [, b]) => b.sold - a.sold || b.count - a.count || a.at - b.at)
    .map(([w]) => w)
    .slice(0, limit);
  return { categories: cats, terms };
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
