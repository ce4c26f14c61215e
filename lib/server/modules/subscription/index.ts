/**
 * The yearly services a shopper owns: subscriptions, their seats' codes, renewal reminders, the apps' entitlements.
 *
 * Subscriptions of the yearly services (docs/subscriptions.md): issuing them when a service order is paid, their seats' activation codes, 续费/加席位/升级 placed and applied once paid, refunds taking back what an order gave, renewal reminders, the apps' entitlements. The module's public surface: docs/architecture.md.
 */
export { applyPaidServiceOrder } from './apply';
export { type ChangeTarget, recordSubscriptionOrder, subscriptionToChange, unappliedUpgradeOrders } from './changes';
export { activateCodeTx, codeState, findOwnCode } from './codes';
export { type ServiceRefundRule, serviceRefundRule, takeBackRefunded } from './refunds';
export { type Entitlement, entitlementOf, pruneEntitlementNonces } from './entitlement';
export { entitlementKey } from './entitlement-keys';
export { remindersOf, remindSubscriptions } from './reminders';
export { contractByNo, type ContractRow, contractView, keepSignUrl, latestContract, liveContract, moveContract, noteLateSigning, openContract, ownSubscription, type OwnSubscription } from './contracts';
export { adjustTermTx } from './adjust';
export { windowWhere } from './windows';
export { chargeFailed, chargeOrdered, chargePaid, chargeParties, chargeQuote, chargesInFlight, chargeSent, chargesOf, type ChargeRow, claimCharge, dueCharges, noticeCharges, renoticeCharge, stopCharge } from './charges';
