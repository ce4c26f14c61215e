/**
 * The windows and limits of after-sales (docs/after-sales.md): how long a shopper may ask, how long
 * the shop waits at each step, what a request may hold, and where returned goods go. Pure: the
 * after-sales module, the schemas, the screens and the copy read the same values.
 */

/** 无理由退货: a device within this many days of signing for it, an unused activation code within as many days of paying. */
export const RETURN_DAYS = 7;
/** 换货: a device with a fault within this many days of signing for it. */
export const EXCHANGE_DAYS = 15;
/** Digits of an after-sales number (afterSaleNo), made like an order number. */
export const AFTER_SALE_NO_LENGTH = 20;
/** A request left this long in 待审核 is approved by the shop. */
export const AFTER_SALE_REVIEW_HOURS = 48;
/** A request left this long in 待寄回 (no waybill given) is withdrawn by the shop. */
export const AFTER_SALE_RETURN_DAYS = 7;
/** An exchange whose new goods went out this long ago completes (as a shipped order does). */
export const AFTER_SALE_RESHIP_COMPLETE_DAYS = 7;
/** The shopper's description of the problem. */
export const AFTER_SALE_DESCRIPTION_MAX = 200;
/** The operator's reason for rejecting a request (and for lowering or refusing a return's shipping). */
export const AFTER_SALE_REJECT_REASON_MAX = 100;
/**
 * The most of a shop-fault return's shipping the shop pays back (运费补偿, docs/after-sales.md#return-shipping):
 * the shopper states what they paid, up to this; the operator approves it after 收货.
 */
export const RETURN_SHIPPING_CAP_FEN = 2_000;
/** The console's after-sales search: a request number, an order number or a phone number, or a part of one. */
export const AFTER_SALE_SEARCH_MAX = 40;
/** Photos per request (each under the rules of lib/domain/uploads.ts). */
export const AFTER_SALE_PHOTOS_MAX = 3;
/** Where returned goods go (the shop pays the return when the fault is its own). */
export const RETURN_ADDRESS = {
  name: '量盾商城售后部',
  tel: '0551-65309090',
  address: '安徽省合肥市高新区科学大道 909 号量子安全产业园 A 座 1 层 售后仓',
} as const;

// ------------------------------------------------------------------ 上门取件 (docs/after-sales.md#pickup)

/** 上门取件: the two-hour slots a courier comes in, by their start hour in Beijing time (09:00–11:00 … 17:00–19:00). */
export const PICKUP_SLOT_START_HOURS = [9, 11, 13, 15, 17] as const;
/** Each slot's length in hours. */
export const PICKUP_SLOT_HOURS = 2;
/** A slot is offered only while its start is at least this many minutes away (the courier needs the time to come). */
export const PICKUP_LEAD_MINUTES = 30;
/** The carrier the shop books 上门取件 with (one of CARRIERS in lib/domain/tracking.ts). */
export const PICKUP_CARRIER = '顺丰速运';
