/**
 * Writing 评价 and 追评 (docs/reviews.md): the row, once per line (the unique index decides a double
 * submit), a 追评 once, each under the shopper's advisory lock so the hourly limit is counted exactly
 * however many requests race. Who may write and when, and the photos, are the flow's
 * (lib/server/flows/review.ts).
 */
import 'server-only';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { REVIEWS_PER_USER_HOUR } from '../../limits';
import type { DbOrTx, Tx } from '../../db/client';
import { reviews } from '../../db/schema';
import { holdHourlyLimit } from '../../db/shopper-lock';
import { conflict } from '../../errors';

type ReviewRow = typeof reviews.$inferSelect;

/** The shopper's lock for review writes, and the limit on the last hour's (reviews and 追评 alike). */
export async function holdReviewLimit(tx: Tx, userId: number): Promise<void> {
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

/** The line as bought, what a review keeps of it. */
type BoughtLine = { id: number; orderId: number; productId: number; skuId: number; skuName: string };
type Written = { rating: number; content: string; anonymous: boolean; imageIds: string[] };

/** The review of one line (its photos counted, taken by the caller); 409 when the line has one already. Returns its id. */
export async function writeReview(tx: Tx, userId: number, line: BoughtLine, v: Written): Promise<number> {
  const [made] = await tx
    .insert(reviews)
    .values({
      productId: line.productId,
      skuId: line.skuId,
      skuName: line.skuName,
      orderId: line.orderId,
      orderItemId: line.id,
      userId,
      rating: v.rating,
      content: v.content,
      anonymous: v.anonymous,
      photoCount: v.imageIds.length,
    })
    .onConflictDoNothing({ target: reviews.orderItemId })
    .returning({ id: reviews.id });
  if (!made) throw conflict('该商品已评价，可在「我的评价」中追评');
  return made.id;
}

/** The 追评 (its photos counted, taken by the caller), once (409 when another came first). */
export async function appendToReview(tx: Tx, id: number, v: { content: string; imageIds: string[] }): Promise<void> {
  const now = new Date();
  const done = await tx
    .update(reviews)
    .set({ appendContent: v.content, appendedAt: now, photoCount: sql`${reviews.photoCount} + ${v.imageIds.length}`, updatedAt: now })
    .where(and(eq(reviews.id, id), isNull(reviews.appendedAt)))
    .returning({ id: reviews.id });
  if (!done.length) throw conflict('每条评价只能追评一次');
}

/** The shopper's own review, or undefined (another's too). */
export async function ownReview(db: DbOrTx, userId: number, id: number): Promise<ReviewRow | undefined> {
  const [r] = await db.select().from(reviews).where(and(eq(reviews.id, id), eq(reviews.userId, userId)));
  return r;
}
