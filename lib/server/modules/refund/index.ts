/** Refunds (docs/states.md#refunds): recording one in the deciding transaction, and what was refunded. The module's public surface: docs/architecture.md. */
export { failRefund, findRefund, goodsRefundedFen, goodsRefundTotals, noRefundUnderWay, orderOfRefund, recordRefund, refundableFen, type RefundOptions, refundToSend, returnShippingRefunds, staleRefunds } from './refund';
export { moveRefund, touchRefund } from './states';
export { afterSaleGoodsRecordedFen, latestReturnShippingRefund, refundsOfAfterSale } from './for-after-sales';
