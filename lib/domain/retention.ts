/**
 * How long the shop keeps each kind of record before the hourly prune deletes it (docs/privacy.md#retention,
 * lib/server/flows/prune-expired.ts). Pure: the privacy policy states the same values.
 */

/** SMS code rows and ended sessions are deleted this many days after they were made / ended. */
export const SECURITY_RECORD_DAYS = 30;
/** Delivered outbox events are deleted after this many days (docs/outbox.md#retention). */
export const OUTBOX_KEEP_DAYS = 7;
/** Messages in the 消息中心 are deleted after this many days (docs/messages.md#retention). */
export const MESSAGE_KEEP_DAYS = 90;
/** How long the server keeps the answer of a request under its idempotency key (docs/decisions/retries.md). */
export const IDEMPOTENCY_KEEP_HOURS = 24;
