/** Subscriptions of the yearly services (docs/subscriptions.md): issuing them when a service order is paid, their seats' activation codes, refunds taking codes back. The module's public surface: docs/architecture.md. */
export { issueSubscriptions } from './issue';
export { activateCodeTx, anyLicenseActivated, codeState, findOwnCode, revokeUnusedCodes } from './codes';
export { type Entitlement, entitlementOf, pruneEntitlementNonces } from './entitlement';
export { entitlementKey } from './entitlement-keys';
export { remindersOf, remindSubscriptions } from './reminders';
export { adjustTermTx } from './adjust';
export { windowWhere } from './windows';
