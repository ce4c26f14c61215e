/**
 * When a line may be reviewed and a review appended to (docs/reviews.md#who-and-when): the order is
 * completed (确认收货, the clock's completion, or a service order once paid) and completed within
 * REVIEW_WINDOW_DAYS; a 追评 is once, within REVIEW_APPEND_DAYS of the review.
 */
import { REVIEW_APPEND_DAYS, REVIEW_WINDOW_DAYS } from '../../../domain/review-rules';
import { DAY_MS } from '../../../domain/shop-time';

/** The earliest completion that still opens a review now. */
export const reviewWindowStart = (now = new Date()) => new Date(now.getTime() - REVIEW_WINDOW_DAYS * DAY_MS);

export function mayReviewOrder(o: { status: string; completedAt: Date | null }, now = new Date()): boolean {
  return o.status === 'completed' && o.completedAt !== null && o.completedAt >= reviewWindowStart(now);
}

export function mayAppend(r: { appendedAt: Date | null; createdAt: Date }, now = new Date()): boolean {
  return r.appendedAt === null && now.getTime() - r.createdAt.getTime() <= REVIEW_APPEND_DAYS * DAY_MS;
}
