/**
 * A product's shown reviews, filtered and paged, and the summary its page and JSON-LD print; cached per product.
 *
 * A product's reviews as the shop shows them (docs/reviews.md, docs/api.md#product-reviews): visible
 * reviews only (a hidden one counts nowhere), newest first, one filter at a time, REVIEWS_PAGE_SIZE a
 * page, and the summary the product page and its JSON-LD print. Cached under the product's tag: a new
 * review, a hide or a reply calls productsChanged and every instance reads fresh. A view: the authors'
 * names come from the accounts' users.
 */
import 'server-only';
import { and, desc, eq, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { unstable_cache } from 'next/cache';
import { REVIEWS_PAGE_SIZE } from '../../domain/review-rules';
import { goodPercent, REVIEW_FILTERS, reviewAuthorName, type ReviewFilter, type ReviewSummary, type ReviewView } from '../../domain/review';
import { CACHE_TAGS } from '../cache/cache-tags';
import { getDb } from '../db/client';
import type { Page } from '../db/paged';
import { reviews, users } from '../db/schema';
import { iso } from '../iso';
import { hasPhotos, isGoodReview } from '../modules/reviews';
import { photosOfReviews, reviewParts } from './review-photos';

const FILTER_WHERE: Record<ReviewFilter, SQL | undefined> = {
  all: undefined,
  photos: hasPhotos,
  good: isGoodReview,
  neutral: eq(reviews.rating, 3),
  bad: lte(reviews.rating, 2),
  appended: isNotNull(reviews.appendedAt),
};

const DEREGISTERED_AUTHOR = '已注销用户';

const visibleOf = (productId: number) => and(eq(reviews.productId, productId), isNull(reviews.hiddenAt));

const countIf = (cond: SQL | undefined) => sql<number>`(count(*) filter (where ${cond ?? sql`true`}))::int`;

async function reviewSummary(productId: number): Promise<ReviewSummary> {
  const db = await getDb();
  const [row] = await db
    .select({
      sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`.mapWith(Number),
      ...(Object.fromEntries(REVIEW_FILTERS.map((f) => [f, countIf(FILTER_WHERE[f])])) as Record<ReviewFilter, SQL<number>>),
    })
    .from(reviews)
    .where(visibleOf(productId));
  const { sum, ...counts } = row;
  const count = counts.all;
  return {
    count,
    average: count ? Math.round((sum * 10) / count) / 10 : 0,
    goodPercent: goodPercent(counts.good, count),
    counts,
  };
}

async function reviewPage(productId: number, filter: ReviewFilter, page: number): Promise<Page<ReviewView>> {
  const db = await getDb();
  const where = and(visibleOf(productId), FILTER_WHERE[filter]);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(reviews).where(where);
  const rows = await db
    .select({ r: reviews, nickname: users.nickname, phone: users.phone, deletedAt: users.deletedAt })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_PAGE_SIZE)
    .offset((page - 1) * REVIEWS_PAGE_SIZE);
  const photos = await photosOfReviews(db, rows.map((x) => x.r.id));
  const items = rows.map(({ r, nickname, phone, deletedAt }): ReviewView => {
    return {
      id: r.id,
      rating: r.rating,
      content: r.content,
      skuName: r.skuName,
      // A closed account's phone is a placeholder (lib/domain/privacy.ts): its reviews stay, under a plain name.
      author: deletedAt ? DEREGISTERED_AUTHOR : reviewAuthorName(nickname, phone, r.anonymous),
      createdAt: iso(r.createdAt),
      ...reviewParts(r, photos(r.id)),
    };
  });
  return { items, total, page, pageSize: REVIEWS_PAGE_SIZE };
}

/** What GET /products/{id}/reviews answers and the product page starts from. */
export type ProductReviews = Page<ReviewView> & { summary: ReviewSummary; filter: ReviewFilter };

export async function cachedProductReviews(productId: number, filter: ReviewFilter, page: number): Promise<ProductReviews> {
  const [summary, list] = await Promise.all([cachedReviewSummary(productId), cachedReviewPage(productId, filter, page)]);
  return { summary, filter, ...list };
}

/** The summary as pages and the API read it, under the product's tag. */
function cachedReviewSummary(productId: number): Promise<ReviewSummary> {
  return unstable_cache(() => reviewSummary(productId), ['review-summary', String(productId)], { tags: [CACHE_TAGS.product(productId)] })();
}

/**
 * One page of one filter, under the product's tag. A page past the last is answered empty without
 * a cache entry, so page numbers nobody can reach cannot fill the cache.
 */
async function cachedReviewPage(productId: number, filter: ReviewFilter, page: number): Promise<Page<ReviewView>> {
  const summary = await cachedReviewSummary(productId);
  const last = Math.max(1, Math.ceil(summary.counts[filter] / REVIEWS_PAGE_SIZE));
  if (page > last) return { items: [], total: summary.counts[filter], page, pageSize: REVIEWS_PAGE_SIZE };
  return unstable_cache(() => reviewPage(productId, filter, page), ['review-page', String(productId), filter, String(page)], {
    tags: [CACHE_TAGS.product(productId)],
  })();
}
