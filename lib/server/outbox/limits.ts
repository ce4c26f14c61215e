/** How the outbox's events are tried (docs/outbox.md). */

/** A failed delivery is tried again after 1 s, doubling up to 10 minutes. */
export const OUTBOX_RETRY_FIRST_MS = 1000;
export const OUTBOX_RETRY_MAX_MS = 10 * 60 * 1000;
/** After this many tries an event is no longer tried by itself. */
export const OUTBOX_MAX_ATTEMPTS = 10;
/** From this many failed tries an event shows on the console under 待重试的通知. */
export const OUTBOX_FAILING_ATTEMPTS = 3;
/**
 * How long a dispatcher holds the events it claimed before another may try them: longer than one SMS
 * or provider call (SMS_HTTP_TIMEOUT_MS, PROVIDER_HTTP_TIMEOUT_MS); what a dead process claimed waits this long.
 */
export const OUTBOX_LEASE_MS = 30 * 1000;
