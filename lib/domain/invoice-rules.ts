/**
 * VAT invoices (docs/rules.md#invoices, docs/rules.md#tax-number): the seller's taxpayer number, the
 * 统一社会信用代码 check, the rate, the lengths of the request form's fields (the schemas, the form's
 * maxLength and the columns), and how invoice numbers are made. Pure: the form checks what the server checks.
 */

/** The seller on every invoice is COMPANY_NAME (lib/site.ts); its 统一社会信用代码 (passes the GB 32100-2015 check). */
export const SELLER_TAX_NO = '91340100MA2LD09094';
/** 统一社会信用代码 (GB 32100-2015): its characters (no I O S V Z) and the weights of the check character. */
export const TAX_NO_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
export const TAX_NO_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;
export const TAX_NO_LENGTH = 18;
/** VAT on the goods and services of the shop, in percent; prices are tax-inclusive. */
export const VAT_RATE_PERCENT = 13;
export const INVOICE_TITLE_MAX = 100;
export const INVOICE_REGISTERED_ADDRESS_MAX = 200;
export const INVOICE_BANK_NAME_MAX = 100;
export const INVOICE_REGISTERED_PHONE_MAX = 20;
/** Bank account numbers: digits only, this many. */
export const INVOICE_BANK_ACCOUNT_MIN = 8;
export const INVOICE_BANK_ACCOUNT_MAX = 32;
export const INVOICE_REJECT_REASON_MAX = 200;
/** Invoice numbers (数电发票号码) are 20 digits: 2 of the year, 2 of the region, 16 more. */
export const INVOICE_NO_LENGTH = 20;
export const INVOICE_REGION_CODE = '34';
/** Saved titles (抬头) offered on the request form, most recently used first. */
export const INVOICE_TITLES_SHOWN = 20;
/** Why a pending invoice is rejected when its order is refunded. */
export const INVOICE_REFUND_REJECT_REASON = '订单已退款';
