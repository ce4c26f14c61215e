/**
 * Conditions on reviews that other reads filter or count by: the product page's 有图 and 好评, the
 * console's photo filter, the catalog's good-review share.
 */
import 'server-only';
import { gt, gte } from 'drizzle-orm';
import { reviews } from '../../db/schema';

/** 有图: a review or its 追评 has a photo (photo_count is kept in the transaction that takes them). */
export const hasPhotos = gt(reviews.photoCount, 0);
/** 好评: 4–5 stars (ratingBucket). */
export const isGoodReview = gte(reviews.rating, 4);
