/**
 * Shipping (docs/rules.md#shipping): free from FREE_SHIPPING_FROM_FEN, else SHIPPING_FEN; none for
 * service products. The checkout prices with these and the copy that states them reads them.
 */

export const FREE_SHIPPING_FROM_FEN = 9_900;
export const SHIPPING_FEN = 1_000;
/** Devices in stock leave the warehouse within this many hours of payment (what the shop promises). */
export const DISPATCH_HOURS = 48;
