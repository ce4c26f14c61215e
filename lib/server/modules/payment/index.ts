/** Payments (docs/decisions/payments.md): creating and asking about a provider trade, applying its state, closing open ones. The module's public surface: docs/architecture.md. */
export { ACCEPTED, alipayFormFor, applyTrade, closeOrderPayments, closePayment, createPayment, type Outcome, paymentView, type PaymentView, queryThrottled, settleOpenPayments } from './payment';
export { orderPayment, paymentById, refundedFen, refundPayment, refundTotals } from './order-payment';
export { findPaymentByNo, noteNotificationOutcome, orphanPayments, storeNotification, unaskedPayments } from './records';
export { failDeductionPayment, openDeductionPayment } from './deduction';
