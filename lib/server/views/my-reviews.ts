/**
 * 我的评价: the shopper's own reviews with the product as bought, photos, 追评 and 商家回复.
 *
 * 我的评价, the shopper's own reviews (GET /user/reviews, docs/api.md#reviews): each with the product as
 * bought, its photos, 追评 and 商家回复, and, for its author only, whether the operator hid it and why.
 * A view (it joins the reviews with the orders' number and line).
 */
import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { REVIEW_APPEND_DAYS } from '../../domain/review-rules';
import type { ReviewPhoto } from '../../domain/review';
import { DAY_MS } from '../../domain/shop-time';
import { myReviewListSchema } from '../../validation/review';
import { getDb, type DbOrTx } from '../db/client';
import { countRows, paged, type Page } from '../db/paged';
import { orderItems, orders, reviews } from '../db/schema';
import { notFound } from '../errors';
import { iso } from '../iso';
import { mayAppend } from '../modules/reviews';
import { photosOfReviews, reviewParts } from './review-photos';

export type MyReview = {
  id: number;
  orderNo: string;
  orderItemId: number;
  productId: number;
  productName: string;
  image: string;
  skuName: string;
  rating: number;
  content: string;
  anonymous: boolean;
  photos: ReviewPhoto[];
  createdAt: string;
  append: { content: string; photos: ReviewPhoto[]; createdAt: string } | null;
  reply: { content: string; createdAt: string } | null;
  /** Hidden by the operator: shown to the author only, with the reason (docs/reviews.md#hiding). */
  hidden: { reason: string; at: string } | null;
  /** 追评 is open now; until when. */
  canAppend: boolean;
  appendUntil: string | null;
};

const selection = {
  r: reviews,
  orderNo: orders.orderNo,
  productName: orderItems.productName,
  image: orderItems.image,
};

type Row = { r: typeof reviews.$inferSelect; orderNo: string; productName: string; image: string };

function baseQuery(db: DbOrTx) {
  return db.select(selection).from(reviews).innerJoin(orders, eq(orders.id, reviews.orderId)).innerJoin(orderItems, eq(orderItems.id, reviews.orderItemId));
}

async function viewAll(db: DbOrTx, rows: Row[]): Promise<MyReview[]> {
  const ids = rows.map((x) => x.r.id);
  const photos = await photosOfReviews(db, ids);
  const now = new Date();
  return rows.map(({ r, orderNo, productName, image }) => {
    const canAppend = mayAppend(r, now);
    return {
      id: r.id,
      orderNo,
      orderItemId: r.orderItemId,
      productId: r.productId,
      productName,
      image,
      skuName: r.skuName,
      rating: r.rating,
      content: r.content,
      anonymous: r.anonymous,
      createdAt: iso(r.createdAt),
      ...reviewParts(r, photos(r.id)),
      hidden: r.hiddenAt ? { reason: r.hiddenReason ?? '', at: iso(r.hiddenAt) } : null,
      canAppend,
      appendUntil: canAppend ? iso(new Date(r.createdAt.getTime() + REVIEW_APPEND_DAYS * DAY_MS)) : null,
    };
  });
}

/** One review of this shopper (another's is 404). */
export async function myReview(db: DbOrTx, userId: number, id: number): Promise<MyReview> {
  const rows = await baseQuery(db).where(and(eq(reviews.id, id), eq(reviews.userId, userId)));
  if (!rows.length) throw notFound('评价不存在');
  return (await viewAll(db, rows))[0];
}

/** GET /user/reviews: newest first, paged as every list. */
export async function listMyReviews(userId: number, query: unknown): Promise<Page<MyReview>> {
  const q = myReviewListSchema.parse(query);
  const db = await getDb();
  const where = eq(reviews.userId, userId);
  const count = db.select({ total: countRows }).from(reviews).where(where);
  const rows = baseQuery(db).where(where).orderBy(desc(reviews.createdAt), desc(reviews.id)).$dynamic();
  return paged(q, count, rows, (page) => viewAll(db, page));
}
