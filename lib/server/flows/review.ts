/**
 * Writing 评价 and 追评 (docs/reviews.md): only the buyer of the line, while the window is open, once
 * per line (the unique index decides a double submit), a 追评 once by the author. Each write runs
 * under the shopper's advisory lock, so the hourly limit is counted exactly however many requests
 * race; the product's cached page is revalidated after the commit (docs/reviews.md#cache).
 */
import 'server-only';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { REVIEWS_PER_USER_HOUR } from '../../constants';
import { appendReviewSchema, createReviewSchema } from '../../validation/review';
import { ORDER_NO } from '../../validation/fields';
import { productsChanged } from '../cache/cache-revalidate';
import { getDb, withTx, type Tx } from '../db/client';
import { orderItems, orders, reviews } from '../db/schema';
import { conflict, notFound } from '../errors';
import { log } from '../log';
import { getOrder } from './order-page';
import { myReview, type MyReview } from '../modules/reviews';
import { takePhotos } from '../modules/reviews';
import { mayAppend, mayReviewOrder } from '../modules/reviews';
import { holdHourlyLimit } from '../db/shopper-lock';

/** The shopper's lock for review writes, and the limit on the last hour's (reviews and 追评 alike). */
async function lockAndCount(tx: Tx, userId: number): Promise<void> {
  await holdHourlyLimit(tx, 'review', userId, {
    limit: REVIEWS_PER_USER_HOUR,
    message: `每小时最多发表 ${REVIEWS_PER_USER_HOUR} 条评价，请稍后再试`,
    // A review and its 追评 are one row but two writes: each counts when it falls in the hour.
    countSince: async (since) =>
      (
        await tx
          .select({ n: sql<number>`(count(*) filter (where ${reviews.createdAt} > ${since}) + count(*) filter (where ${reviews.appendedAt} > ${since}))::int` })
          .from(reviews)
          .where(and(eq(reviews.userId, userId), or(gt(reviews.createdAt, since), gt(reviews.appendedAt, since))))
      )[0].n,
  });
}

/** POST /reviews: the buyer's review of one line of a completed order. */
export async function createReview(userId: number, input: unknown): Promise<MyReview> {
  const v = createReviewSchema.parse(input);
  if (!ORDER_NO.test(v.orderNo)) throw notFound('订单不存在');
  const db = await getDb();
  // Reading the order applies the clock first: a long-shipped order completes (docs/states.md#timers).
  await getOrder(userId, v.orderNo);
  const [line] = await db
    .select({ o: orders, item: orderItems })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    // A deleted order (hidden_at) is gone for the shopper, as in the order service.
    .where(and(eq(orders.orderNo, v.orderNo), eq(orders.userId, userId), isNull(orders.hiddenAt), eq(orderItems.id, v.orderItemId)));
  if (!line) throw notFound('订单商品不存在');
  const { o, item } = line;
  if (o.status !== 'completed') throw conflict('确认收货后才能评价');
  if (!mayReviewOrder(o)) throw conflict('已超过评价期限，确认收货后 90 天内可以评价');

  const id = await withTx(async (tx) => {
    await lockAndCount(tx, userId);
    const [made] = await tx
      .insert(reviews)
      .values({
        productId: item.productId,
        skuId: item.skuId,
        skuName: item.skuName,
        orderId: o.id,
        orderItemId: item.id,
        userId,
        rating: v.rating,
        content: v.content,
        anonymous: v.anonymous,
        photoCount: v.imageIds.length,
      })
      .onConflictDoNothing({ target: reviews.orderItemId })
      .returning({ id: reviews.id });
    if (!made) throw conflict('该商品已评价，可在「我的评价」中追评');
    await takePhotos(tx, userId, made.id, v.imageIds, false);
    return made.id;
  });
  productsChanged([item.productId]);
  log.info({ reviewId: id, orderNo: v.orderNo, userId }, 'review written');
  return myReview(db, userId, id);
}

/** POST /reviews/{id}/append: the author's one 追评, within REVIEW_APPEND_DAYS of the review. */
export async function appendReview(userId: number, reviewId: string, input: unknown): Promise<MyReview> {
  const id = Number(reviewId);
  if (!/^\d{1,9}$/.test(reviewId) || !Number.isSafeInteger(id)) throw notFound('评价不存在');
  const db = await getDb();
  const [r] = await db.select().from(reviews).where(and(eq(reviews.id, id), eq(reviews.userId, userId)));
  if (!r) throw notFound('评价不存在');
  const v = appendReviewSchema.parse(input);
  if (r.appendedAt) throw conflict('每条评价只能追评一次');
  if (!mayAppend(r)) throw conflict('已超过追评期限，评价后 90 天内可以追评');

  await withTx(async (tx) => {
    await lockAndCount(tx, userId);
    const now = new Date();
    const done = await tx
      .update(reviews)
      .set({ appendContent: v.content, appendedAt: now, photoCount: sql`${reviews.photoCount} + ${v.imageIds.length}`, updatedAt: now })
      .where(and(eq(reviews.id, id), isNull(reviews.appendedAt)))
      .returning({ id: reviews.id });
    if (!done.length) throw conflict('每条评价只能追评一次');
    await takePhotos(tx, userId, id, v.imageIds, true);
  });
  productsChanged([r.productId]);
  log.info({ reviewId: id, userId }, 'review appended');
  return myReview(db, userId, id);
}
