/**
 * SMS login codes as the shopper meets them (docs/rules.md#sms-codes): their digits, how long one
 * lasts, when another may be asked for, how many tries one takes. The guide states them and the code
 * button counts down from them. How many codes a phone or an address may ask for is the server's:
 * lib/server/sms/limits.ts.
 */

/** Digits of an SMS code (lib/server/crypto.ts draws them). */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_S = 300;
export const SMS_RESEND_S = 60;
export const SMS_MAX_ATTEMPTS = 5;
