/** Subscriptions of the yearly services (docs/subscriptions.md): issuing them when a service order is paid, their seats' activation codes, 续费/加席位/升级 placed and applied once paid, refunds taking back what an order gave. The module's public surface: docs/architecture.md. */
export { applyPaidServiceOrder } from './apply';
export { type ChangeTarget, recordSubscriptionOrder, subscriptionToChange, unappliedUpgradeOrders } from './changes';
export { activateCodeTx, codeState, findOwnCode } from './codes';
export { type ServiceRefundRule, serviceRefundRule, takeBackRefunded } from './refunds';
