/**
 * The console's three moves on a review (docs/reviews.md, docs/api.md#operator-endpoints) — 隐藏 (with a
 * reason), 恢复显示, 商家回复 (a second reply replaces the first). Each move is a guarded update with
 * its audit row in one transaction; then the product's cached page is told. What the console reads of
 * reviews is the view lib/server/views/console-reviews.ts.
 */
import 'server-only';
import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { reviewHideSchema, reviewReplySchema } from '../../../validation/review-admin';
import { productsChanged } from '../../cache/cache-revalidate';
import { withTx, type DbOrTx } from '../../db/client';
import { countRows } from '../../db/paged';
import { reviews } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { log } from '../../log';
import { writeAudit } from '../audit';

type ReviewRow = typeof reviews.$inferSelect;

type Move = 'review.hide' | 'review.show' | 'review.reply';

/**
 * One console move on a review: `work` reads the row (locked) and makes its guarded update, giving
 * the audit's before and after; the audit row commits with it; then the product page renders fresh
 * on every instance (a hidden review leaves its list and its average; a reply shows under it).
 */
async function operate(actorUserId: number, id: number, action: Move, work: (tx: Parameters<Parameters<typeof withTx>[0]>[0], r: ReviewRow) => Promise<{ before: unknown; after: unknown }>): Promise<void> {
  const productId = await withTx(async (tx) => {
    const [r] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!r) throw notFound('评价不存在');
    const { before, after } = await work(tx, r);
    await writeAudit(tx, { actorUserId, action, entity: 'review', entityId: id, before, after });
    return r.productId;
  });
  log.info({ reviewId: id, actorUserId, action }, 'review console operation');
  productsChanged([productId]);
}

export function hideReview(actorUserId: number, id: number, input: unknown): Promise<void> {
  const v = reviewHideSchema.parse(input);
  return operate(actorUserId, id, 'review.hide', async (tx, r) => {
    const moved = await tx
      .update(reviews)
      .set({ hiddenAt: new Date(), hiddenReason: v.reason, updatedAt: new Date() })
      .where(and(eq(reviews.id, r.id), isNull(reviews.hiddenAt)))
      .returning({ id: reviews.id });
    if (!moved.length) throw conflict('该评价已隐藏，无需再次隐藏');
    return { before: { hidden: false }, after: { hidden: true, reason: v.reason } };
  });
}

export function showReview(actorUserId: number, id: number): Promise<void> {
  return operate(actorUserId, id, 'review.show', async (tx, r) => {
    const moved = await tx
      .update(reviews)
      .set({ hiddenAt: null, hiddenReason: null, updatedAt: new Date() })
      .where(and(eq(reviews.id, r.id), isNotNull(reviews.hiddenAt)))
      .returning({ id: reviews.id });
    if (!moved.length) throw conflict('该评价正在显示，无需恢复');
    return { before: { hidden: true, reason: r.hiddenReason }, after: { hidden: false } };
  });
}

/** 商家回复: one per review; replying again replaces the text and its time (the audit keeps the earlier one). */
export function replyReview(actorUserId: number, id: number, input: unknown): Promise<void> {
  const v = reviewReplySchema.parse(input);
  return operate(actorUserId, id, 'review.reply', async (tx, r) => {
    await tx.update(reviews).set({ reply: v.content, repliedAt: new Date(), updatedAt: new Date() }).where(eq(reviews.id, r.id));
    return { before: { reply: r.reply }, after: { reply: v.content } };
  });
}

/** 待回复差评 on the console's overview: shown 1–2 star reviews with no reply yet. */
export async function badReviewsToReply(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: countRows }).from(reviews).where(and(lte(reviews.rating, 2), isNull(reviews.repliedAt), isNull(reviews.hiddenAt)));
  return row.n;
}
