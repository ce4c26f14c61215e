/**
 * Orders and their lines: `moveOrder` (the one writer of an order's status), `lockOrder`, placing, hiding, marking paid.
 *
 * Orders' table of moves (docs/states.md#order-states): moving an order, marking it paid (its service lines become subscriptions), the rows the order flows compose. The module's public surface: docs/architecture.md.
 */
export { markOrderPaid, markOrderPaidTx } from './paid';
export { lockOrder, moveOrder } from './states';
export { lineReviews, reviewableLine, toReviewCount, toReviewWhere } from './line-reviews';
export { orderNumbers, shopperOrderId } from './numbers';
export { orderIsIn, orderTotal, shareLockShopperOrder } from './for-invoices';
export { orderById, orderLinesById } from './for-after-sales';
export { forgetUser, unfinishedOrderStatus } from './forget';
export { completeShippedOrders } from './auto-complete';
export { findOrderRow, shipOrderRow } from './operator';
export { orderParcel, shippedOrderIds } from './parcel';
export { findOwnOrder, hideFinishedOrder, orderItemsOf, type OrderItemRow, orderNoForKey, type OrderRow, ordersNotAwaitingPayment, overdueOrders, placeOrder } from './rows';
export { keptOrdersPaidSince } from './for-price-protect';
