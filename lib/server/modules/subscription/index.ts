/**
 * The yearly services a shopper owns: subscriptions, their seats' codes, renewal reminders, the apps' entitlements.
 *
 * Subscriptions of the yearly services (docs/subscriptions.md): issuing them when a service order is paid, their seats' activation codes, refunds taking codes back. The module's public surface: docs/architecture.md.
 */
export { issueSubscriptions } from './issue';
export { activateCodeTx, anyLicenseActivated, codeState, findOwnCode, revokeUnusedCodes } from './codes';
export { type Entitlement, entitlementOf, pruneEntitlementNonces } from './entitlement';
export { entitlementKey } from './entitlement-keys';
export { remindersOf, remindSubscriptions } from './reminders';
