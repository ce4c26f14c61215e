/**
 * An account's fields (docs/rules.md: passwords, profile, phone-numbers, operator-console): the
 * lengths the schemas, the forms' maxLength and the columns share, and the role of the people who
 * run the shop. Pure: the forms check what the server checks.
 */

/** Passwords are PASSWORD_MIN–PASSWORD_MAX characters with a letter and a digit. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
/** What a field asking for an existing password takes: more than PASSWORD_MAX, so an over-long one is answered like any wrong password. */
export const PASSWORD_INPUT_MAX = 64;
export const NICKNAME_MAX = 20;
/** The longest e-mail address a mail server accepts (RFC 5321). */
export const EMAIL_MAX = 254;
/** The longest phone number the phone rule takes: +86 and 11 digits, or 0 and 13 digits or hyphens. */
export const PHONE_MAX = 14;
/** Digits of a mobile number without +86 (the console's phone search). */
export const MOBILE_DIGITS = 11;
/** users.role of the people who run the shop; everyone else is a shopper. */
export const OPERATOR_ROLE = 'operator';
