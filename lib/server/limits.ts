/**
 * What one client address, one shopper or one call may cost the server, where several parts share
 * the rule or no one part owns it: the per-address limits, the password lock, the hourly limits of
 * code tries, uploads and reviews, the CSV export's size and the providers' timeout. The SMS limits
 * are beside the SMS gateway (lib/server/sms/limits.ts), the outbox's in lib/server/outbox/limits.ts,
 * the payments' in lib/server/payments/limits.ts.
 */

/**
 * Per-address limits of the anonymous POSTs (docs/rules.md#address-limits): at most `points` requests
 * from one client address in `seconds`, counted across instances, checked before any work (a password
 * try costs an argon2 hash). Above them, 429 with Retry-After. Generous for a family or an office
 * behind one address; a spray over many phones meets them within seconds.
 */
export const ADDRESS_LIMITS = {
  /** 登录 with a password or a code. */
  login: { points: 20, seconds: 60 },
  /** 获取验证码 (the hourly count per address, SMS_PER_IP_HOUR, stays behind it). */
  smsCode: { points: 30, seconds: 60 },
  /** 企业采购 / 私有化部署 forms. */
  leads: { points: 5, seconds: 600 },
  /** 加入购物车, which a visitor may do without an account. */
  cart: { points: 120, seconds: 60 },
  /** The results page's beacon that counts a search (a shopper browsing fast stays far below it). */
  searchLog: { points: 60, seconds: 60 },
} as const;

/** After this many wrong passwords in a row an account is locked for PASSWORD_LOCK_MIN minutes (docs/rules.md#passwords). */
export const PASSWORD_MAX_FAILURES = 5;
export const PASSWORD_LOCK_MIN = 15;
/** Codes a shopper may try in an hour without redeeming one (a wrong or used code counts; a redeemed one does not; docs/coupons.md). */
export const COUPON_CODE_TRIES_PER_HOUR = 10;
/** Uploads one shopper may try in an hour, refused ones included (counted atomically, whether or not a request takes them). */
export const UPLOADS_PER_USER_HOUR = 30;
/** Reviews and 追评 one shopper may write in an hour (counted atomically; docs/reviews.md). */
export const REVIEWS_PER_USER_HOUR = 20;
/** The most rows one CSV export of orders holds; a wider filter is refused with a message (docs/rules.md#operator-console). */
export const ORDER_EXPORT_MAX_ROWS = 10_000;
/** How long a call to a payment provider or the carrier (or the demo gateways' notification) may take. */
export const PROVIDER_HTTP_TIMEOUT_MS = 10_000;
