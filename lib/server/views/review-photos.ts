/**
 * A review's photos, 追评 and 商家回复, shown the same way on the product page, in 我的评价 and in the console.
 *
 * What every view of a review shows the same way — the product page, 我的评价 and the console: its
 * photos (the first review's and the 追评's, in the order given), the 追评 and the 商家回复. A read of
 * two owners (reviews' photo rows, the uploads' sizes), so it is a view's part, not the reviews module's.
 */
import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import type { ReviewPhoto, ReviewView } from '../../domain/review';
import type { DbOrTx } from '../db/client';
import { reviewPhotos, reviews, uploads } from '../db/schema';
import { iso } from '../iso';
import { uploadUrl } from '../modules/uploads';

type Row = typeof reviews.$inferSelect;
type PhotoSets = { first: ReviewPhoto[]; appended: ReviewPhoto[] };

/** The photos of these reviews, read in one query: a lookup by review id. */
export async function photosOfReviews(db: DbOrTx, ids: number[]): Promise<(id: number) => PhotoSets> {
  const out = new Map<number, PhotoSets>();
  if (ids.length) {
    const rows = await db
      .select({ reviewId: reviewPhotos.reviewId, appended: reviewPhotos.appended, id: uploads.id, width: uploads.width, height: uploads.height })
      .from(reviewPhotos)
      .innerJoin(uploads, eq(uploads.id, reviewPhotos.uploadId))
      .where(inArray(reviewPhotos.reviewId, ids))
      .orderBy(asc(reviewPhotos.id));
    for (const p of rows) {
      const sets = out.get(p.reviewId) ?? { first: [], appended: [] };
      (p.appended ? sets.appended : sets.first).push({ url: uploadUrl(p.id), width: p.width, height: p.height });
      out.set(p.reviewId, sets);
    }
  }
  return (id) => out.get(id) ?? { first: [], appended: [] };
}

/** The review's own photos, its 追评 and its 商家回复, as ReviewView has them. */
export function reviewParts(r: Row, photos: PhotoSets): Pick<ReviewView, 'photos' | 'append' | 'reply'> {
  return {
    photos: photos.first,
    append: r.appendContent !== null && r.appendedAt ? { content: r.appendContent, photos: photos.appended, createdAt: iso(r.appendedAt) } : null,
    reply: r.reply !== null && r.repliedAt ? { content: r.reply, createdAt: iso(r.repliedAt) } : null,
  };
}
