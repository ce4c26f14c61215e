/**
 * A review's photos (docs/reviews.md#photos): the author's own uploads (POST /uploads, the after-sales
 * rules of type and size), each used once, by one review or one after-sales request. The uploads module
 * locks the free ones (lib/server/flows/review.ts asks it); this module says which are a review's
 * already and keeps the new ones.
 */
import 'server-only';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { reviewPhotos } from '../../db/schema';
import { badRequest } from '../../errors';

/** The upload is no review's photo (a condition on the uploads' query). */
export const noReviewPhoto = (uploadId: AnyColumn): SQL => sql`not exists (select 1 from ${reviewPhotos} where ${reviewPhotos.uploadId} = ${uploadId})`;

/** Keeps the uploads as the review's photos, in the order given; 400 when one was taken meanwhile. */
export async function keepPhotos(tx: Tx, reviewId: number, ids: string[], appended: boolean): Promise<void> {
  const taken = await tx
    .insert(reviewPhotos)
    .values(ids.map((uploadId) => ({ reviewId, uploadId, appended })))
    .onConflictDoNothing({ target: reviewPhotos.uploadId })
    .returning({ id: reviewPhotos.id });
  if (taken.length !== ids.length) throw badRequest('图片已失效，请重新上传');
}
