/** Refunds (docs/states.md#refunds): recording one in the deciding transaction, and what was refunded. The module's public surface: docs/architecture.md. */
export { failRefund, findRefund, goodsRefundedFen, hasOpenAfterSale, orderPayment, refundableFen, refundPayment, refundedFen, refundTotals, returnShippingRefunds } from './refund';
export { moveRefund, touchRefund } from './states';
