/**
 * The limits of coupons and their codes (docs/coupons.md): the lengths the console's form and the
 * columns allow, how batch codes are made, how long an ended coupon is still listed and when its
 * shopper is told it ends. Pure: the coupons module, the schemas and the forms read the same values.
 */

/** A template's name, as the console's field and the column allow. */
export const COUPON_NAME_MAX = 40;
/** The longest code a shopper may type (a template's public code, or a batch code). */
export const COUPON_CODE_MAX = 32;
/** Characters of a batch code, from an alphabet without 0/O, 1/I/L (read off paper or a screen). */
export const COUPON_BATCH_CODE_LENGTH = 12;
export const COUPON_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** How long after its end an unused coupon is still listed at checkout, as 已过期 (never applied). */
export const COUPON_EXPIRED_SHOWN_DAYS = 7;
/** Codes one batch may make (one CSV). */
export const COUPON_CODES_PER_BATCH = 10_000;
/** 优惠券即将过期: an unused coupon ending within this many hours is told to its shopper, once (docs/messages.md#events). */
export const COUPON_EXPIRING_NOTICE_H = 24;
