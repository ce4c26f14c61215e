/** Whether a photo is on a review that is shown: such a photo is public (lib/server/flows/read-upload.ts). */
import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reviewPhotos, reviews } from '../../db/schema';

export async function photoOnShownReview(db: DbOrTx, uploadId: string): Promise<boolean> {
  const [hit] = await db
    .select({ id: reviewPhotos.id })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .where(and(eq(reviewPhotos.uploadId, uploadId), isNull(reviews.hiddenAt)));
  return Boolean(hit);
}
