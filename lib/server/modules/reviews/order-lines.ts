/**
 * What the order screens need of reviews (docs/reviews.md#who-and-when): the reviews written on some
 * orders, and the condition "this line has no review" for the orders' own queries. The order module
 * puts them together with its lines (modules/order/line-reviews.ts).
 */
import 'server-only';
import { inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reviews } from '../../db/schema';

/** A line's review: `reviewable` (评价 now), or its review's id and whether 追评 is open. */
export type LineReview = { reviewable: boolean; reviewId: number | null; appendable: boolean };

export const NO_REVIEW: LineReview = { reviewable: false, reviewId: null, appendable: false };

/** The reviews written on lines of these orders, one query. */
export async function reviewsOfOrders(db: DbOrTx, orderIds: number[]): Promise<{ id: number; orderItemId: number; appendedAt: Date | null; createdAt: Date }[]> {
  return db
    .select({ id: reviews.id, orderItemId: reviews.orderItemId, appendedAt: reviews.appendedAt, createdAt: reviews.createdAt })
    .from(reviews)
    .where(inArray(reviews.orderId, orderIds));
}

/** The order line whose id is `orderItemId` has no review (an SQL condition for the order's queries). */
export const notReviewed = (orderItemId: AnyColumn): SQL => sql`not exists (select 1 from ${reviews} where ${reviews.orderItemId} = ${orderItemId})`;
