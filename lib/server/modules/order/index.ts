/** Orders' table of moves (docs/states.md#order-states): moving an order, marking it paid, counts, licenses. The module's public surface: docs/architecture.md. */
export { shortcutCounts } from './counts';
export { activateLicense, listServiceCodes, type ServiceCode } from './licenses';
export { markOrderPaid, markOrderPaidTx } from './paid';
export { lockOrder, moveOrder, moveOrders } from './states';
export { lineReviews, reviewableLine, toReviewCount, toReviewWhere } from './line-reviews';
export { orderNumbers, shopperOrderId } from './numbers';
export { orderByNo, orderIsIn, type OrderItemRow, orderLines, type OrderRow, orderTotal, shareLockShopperOrder } from './for-invoices';
export { anyLicenseActivated, orderById, revokeUnusedCodes, visibleShopperOrder } from './for-after-sales';
export { findOrderRow, shipOrderRow } from './operator';
export { orderParcel, shippedOrderIds } from './parcel';
