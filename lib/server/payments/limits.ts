/** How the server talks to the payment providers, and how often (docs/rules.md#payments). */

/**
 * How far the time signed into a payment message may be from the receiver's clock: a WeChat Pay
 * notification (timestamp), an Alipay notification (notify_time) or a request to the demo WeChat
 * gateway further off is refused.
 */
export const NOTIFY_MAX_AGE_S = 300;
/** The status poll asks the provider at most this often per payment when no notification came. */
export const PAYMENT_QUERY_MIN_INTERVAL_MS = 5_000;
/** The sweep asks the provider about an open payment nobody asked about for this long. */
export const PAYMENT_RECONCILE_AFTER_MS = 120_000;
/** What the shopper sees on the provider's page as the order's subject. */
export const PAYMENT_SUBJECT_MAX = 60;
/** A WeChat H5 link lives 5 minutes at WeChat: an open H5 payment younger than this is shown again, an older one is started anew. */
export const WECHAT_H5_REUSE_MS = 4 * 60_000;
/**
 * The sweep leaves a refund still processing, or an open payment of an order no longer waiting, alone
 * until it has been quiet this long, so it does not race the request that is handling it right now.
 */
export const PAYMENT_SWEEP_QUIET_MS = 10_000;
