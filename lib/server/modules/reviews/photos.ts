/**
 * A review's photos (docs/reviews.md#photos): the author's own uploads (POST /uploads, the after-sales
 * rules of type and size), each used once, by one review or one after-sales request.
 */
import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { reviewPhotos, uploads } from '../../db/schema';
import { badRequest } from '../../errors';

/** Takes the uploads for the review, in the order given; 400 when one is not the author's or is used already. */
export async function takePhotos(tx: Tx, userId: number, reviewId: number, ids: string[], appended: boolean): Promise<void> {
  if (!ids.length) return;
  // Locked, so an after-sales request taking the same photo waits for this one (and then sees it used).
  const free = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, ids),
        eq(uploads.userId, userId),
        isNull(uploads.afterSaleId),
        sql`not exists (select 1 from ${reviewPhotos} where ${reviewPhotos.uploadId} = ${uploads.id})`,
      ),
    )
    .for('update');
  if (free.length !== ids.length) throw badRequest('图片已失效，请重新上传');
  const taken = await tx
    .insert(reviewPhotos)
    .values(ids.map((uploadId) => ({ reviewId, uploadId, appended })))
    .onConflictDoNothing({ target: reviewPhotos.uploadId })
    .returning({ id: reviewPhotos.id });
  if (taken.length !== ids.length) throw badRequest('图片已失效，请重新上传');
}
