/**
 * Product reviews (评价, 追评): writing windows, writing, the operator's moderation, what is shown (docs/reviews.md).
 *
 * Reviews: writing windows, writing, the operator's moderation, what other reads filter by. The module's public surface: docs/architecture.md.
 */
export { badReviewsToReply, hideReview, replyReview, showReview } from './admin';
export { hasPhotos, isGoodReview } from './filters';
export { type LineReview, NO_REVIEW, notReviewed, reviewsOfOrders } from './order-lines';
export { keepPhotos, noReviewPhoto } from './photos';
export { mayAppend, mayReviewOrder, reviewWindowStart } from './window';
export { appendToReview, holdReviewLimit, ownReview, writeReview } from './write';
export { photoOnShownReview } from './photo-shown';
export { forgetUser } from './forget';
