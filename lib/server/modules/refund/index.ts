/**
 * Refunds: `refundPayment` records one and queues its sending, `moveRefund` moves its status (docs/states.md#refunds).
 *
 * Refunds (docs/states.md#refunds): recording one in the deciding transaction, and what was refunded. The module's public surface: docs/architecture.md.
 */
export { failRefund, findRefund, goodsRefundedFen, noRefundUnderWay, orderOfRefund, orderPayment, refundableFen, refundPayment, refundedFen, refundToSend, refundTotals, returnShippingRefunds, staleRefunds } from './refund';
export { moveRefund, touchRefund } from './states';
export { afterSaleGoodsRecordedFen, latestReturnShippingRefund, refundsOfAfterSale } from './for-after-sales';
