/** Orders' table of moves (docs/states.md#order-states): moving an order, marking it paid, counts, licenses. The module's public surface: docs/architecture.md. */
export { shortcutCounts } from './counts';
export { activateLicense, listServiceCodes, type ServiceCode } from './licenses';
export { markOrderPaid, markOrderPaidTx } from './paid';
export { lockOrder, moveOrder, moveOrders } from './states';
export { forgetUser, unfinishedOrderStatus } from './forget';
export { findOrderRow, shipOrderRow } from './operator';
export { orderParcel, shippedOrderIds } from './parcel';
