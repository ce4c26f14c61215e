/**
 * How many SMS codes the server sends (docs/rules.md#sms-codes): per phone in an hour and in a day,
 * per client address in an hour, and how long the gateway may take. What the shopper is told about
 * a code (its digits, life, resend wait, tries) is in lib/domain/sms-codes.ts.
 */

export const SMS_PER_PHONE_HOUR = 5;
export const SMS_PER_PHONE_DAY = 10;
/** Counted per client address; the per-address limit of the request itself is ADDRESS_LIMITS.smsCode (lib/server/limits.ts). */
export const SMS_PER_IP_HOUR = 20;
/** How long the SMS gateway may take to accept a message. */
export const SMS_HTTP_TIMEOUT_MS = 10_000;
