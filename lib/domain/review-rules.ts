/**
 * The windows and limits of reviews (docs/reviews.md): when a line may be reviewed and a 追评 added,
 * how long the texts may be, how many photos, how reviews are paged and cached. Pure: the reviews
 * module, the schemas and the screens read the same values.
 */

/** A line may be reviewed this many days after its order completed (确认收货, the clock, or a service's codes sent). */
export const REVIEW_WINDOW_DAYS = 90;
/** A 追评 may follow the first review within this many days of it. */
export const REVIEW_APPEND_DAYS = 90;
export const REVIEW_CONTENT_MAX = 500;
/** Photos per review, and as many again with its 追评 (the upload rules of after-sales photos). */
export const REVIEW_PHOTOS_MAX = 6;
/** Reviews per page on the product page and in the API. */
export const REVIEWS_PAGE_SIZE = 10;
/** Browsers keep a public review photo this long (never shared caches): a hidden review's photos stop showing within it. */
export const REVIEW_PHOTO_MAX_AGE_SECONDS = 300;
/** Reviews the product's JSON-LD carries (the newest). */
export const REVIEWS_IN_JSON_LD = 5;
/** The operator's 商家回复 and reason for hiding a review. */
export const REVIEW_REPLY_MAX = 500;
export const REVIEW_HIDE_REASON_MAX = 100;
/** The console's review search (order number, the shopper's phone or words of the text). */
export const REVIEW_SEARCH_MAX = 40;
