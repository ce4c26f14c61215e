/**
 * After-sales requests (仅退款, 退货退款, 换货): their table of moves, eligibility, the operator's steps, 运费补偿 (docs/after-sales.md).
 *
 * After-sales (docs/after-sales.md): requests, their table of moves, eligibility, the operator's steps, 运费补偿. The module's public surface: docs/architecture.md.
 */
export { type AdminAfterSaleList, afterSaleCounts, approveAfterSale, decideAfterSaleReturnShipping, findAfterSaleRow, receiveAfterSale, rejectAfterSale, reshipAfterSale, retryAfterSaleRefund, retryAfterSaleReturnShipping } from './admin';
export { compensableFen, RETURN_SHIPPING_DECIDABLE, returnShippingFailed, returnShippingRefundOf } from './return-shipping';
export { loadOrderState, newOrderState, nothingKept, type OrderState } from './eligibility';
export { lineShare, type LineState, priceRequest } from './pricing';
export { afterSaleOptions, type AfterSaleOptions, canAskAfterSale, cancelAfterSale, confirmExchange, createAfterSale, ownAfterSale, previewAfterSale, refundServiceOrderForShopper, refundUnshippedOrder, sendReturnShipment } from './shopper';
export { afterSaleRefunded, returnShippingRefunded } from './states';
export { sweepAfterSales } from './sweep';
export { type AfterSale, type AfterSaleSummary } from './view';
export { hasUnfinishedAfterSale } from './under-way';
export { refundedLines, refundedShippingFen } from './refunded';
export { shopperAfterSaleId } from './lookups';
export { afterSaleParcel } from './parcel';
export { hasOpenAfterSale, noOpenAfterSale } from './open-requests';
export { bookPickup, canBookPickup, cancelPickup, livePickupTask, pickupAddressOf, pickupOfAfterSale, receivePickupCallback } from './pickup';
