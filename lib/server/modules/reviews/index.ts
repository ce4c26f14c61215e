/** Reviews: writing windows, what is shown, a shopper's own, the operator's moderation. The module's public surface: docs/architecture.md. */
export { type AdminReview, type AdminReviewDetail, type AdminReviewList, badReviewsToReply, getAdminReview, hideReview, listAdminReviews, replyReview, showReview } from './admin';
export { listMyReviews, myReview, type MyReview } from './mine';
export { type LineReview, lineReviews, NO_REVIEW, toReviewCount, toReviewWhere } from './order-lines';
export { takePhotos } from './photos';
export { cachedProductReviews, isGoodReview, type ProductReviews } from './read';
export { mayAppend, mayReviewOrder } from './window';
export { photoOnShownReview } from './photo-shown';
export { forgetUser } from './forget';
