/**
 * The rules of an order (docs/rules.md: pay-deadline, auto-complete, order-limits, cancel-reasons,
 * numbers): how long it waits for payment and for 确认收货, how large it may be, what a shopper may
 * write on it. Pure: the checkout, the sweep, the schemas, the forms and the copy read the same values.
 */

export const UNPAID_ORDER_TTL_MIN = 30;
export const SHIPPED_AUTO_COMPLETE_DAYS = 7;
/** Different SKUs one order may hold (立即购买 lines, or the cart's selection). */
export const ORDER_LINES_MAX = 50;
/**
 * The most one order may come to (¥500,000). Every amount stored for an order (its totals, its
 * payments, refunds and invoice) is at most its total, so keeping this below DB_INT_MAX is also
 * what keeps those integer columns from overflowing.
 */
export const ORDER_TOTAL_MAX_FEN = 50_000_000;
/**
 * The reasons a shopper picks from to 取消订单 (docs/rules.md#cancel-reasons): the server takes only these,
 * and keeps them as 「用户取消（…）」, apart from the console's and the clock's reasons.
 */
export const SHOPPER_CANCEL_REASONS = ['不想要了', '地址填错了', '商品选错了', '重复下单', '其他'] as const;
/** The shopper's 订单备注. */
export const REMARK_MAX = 200;
/** Digits of an order number (lib/server/flows/checkout.ts makes them). */
export const ORDER_NO_LENGTH = 20;
