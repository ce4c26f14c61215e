/**
 * Writing a review (评价) or a follow-up (追评) of a bought line, with the author's own photos.
 *
 * Writing 评价 and 追评 (docs/reviews.md): only the buyer of the line, while the window is open, once
 * per line, a 追评 once by the author, with the author's own photos (docs/reviews.md#photos). The order
 * module says which line is the shopper's, the reviews module writes under the shopper's lock and limit,
 * the uploads module locks the photos; the product's cached page is revalidated after the commit
 * (docs/reviews.md#cache).
 */
import 'server-only';
import { appendReviewSchema, createReviewSchema } from '../../validation/review';
import { ORDER_NO } from '../../validation/fields';
import { productsChanged } from '../cache/cache-revalidate';
import { getDb, withTx, type Tx } from '../db/client';
import { badRequest, conflict, notFound } from '../errors';
import { log } from '../log';
import { getOrder } from './order-page';
import { reviewableLine } from '../modules/order';
import { appendToReview, holdReviewLimit, keepPhotos, mayAppend, mayReviewOrder, noReviewPhoto, ownReview, writeReview } from '../modules/reviews';
import { lockFreeUploads } from '../modules/uploads';
import { myReview, type MyReview } from '../views/my-reviews';

/** Takes the uploads for the review, in the order given; 400 when one is not the author's or is used already. */
async function takePhotos(tx: Tx, userId: number, reviewId: number, ids: string[], appended: boolean): Promise<void> {
  if (!ids.length) return;
  // Locked, so an after-sales request taking the same photo waits for this one (and then sees it used).
  const free = await lockFreeUploads(tx, userId, ids, noReviewPhoto);
  if (free.length !== ids.length) throw badRequest('图片已失效，请重新上传');
  await keepPhotos(tx, reviewId, ids, appended);
}

/** POST /reviews: the buyer's review of one line of a completed order. */
export async function createReview(userId: number, input: unknown): Promise<MyReview> {
  const v = createReviewSchema.parse(input);
  if (!ORDER_NO.test(v.orderNo)) throw notFound('订单不存在');
  const db = await getDb();
  // Reading the order applies the clock first: a long-shipped order completes (docs/states.md#timers).
  await getOrder(userId, v.orderNo);
  const line = await reviewableLine(db, userId, v.orderNo, v.orderItemId);
  if (!line) throw notFound('订单商品不存在');
  const { o, item } = line;
  if (o.status !== 'completed') throw conflict('确认收货后才能评价');
  if (!mayReviewOrder(o)) throw conflict('已超过评价期限，确认收货后 90 天内可以评价');

  const id = await withTx(async (tx) => {
    await holdReviewLimit(tx, userId);
    const made = await writeReview(tx, userId, item, v);
    await takePhotos(tx, userId, made, v.imageIds, false);
    return made;
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
  const r = await ownReview(db, userId, id);
  if (!r) throw notFound('评价不存在');
  const v = appendReviewSchema.parse(input);
  if (r.appendedAt) throw conflict('每条评价只能追评一次');
  if (!mayAppend(r)) throw conflict('已超过追评期限，评价后 90 天内可以追评');

  await withTx(async (tx) => {
    await holdReviewLimit(tx, userId);
    await appendToReview(tx, id, v);
    await takePhotos(tx, userId, id, v.imageIds, true);
  });
  productsChanged([r.productId]);
  log.info({ reviewId: id, userId }, 'review appended');
  return myReview(db, userId, id);
}
