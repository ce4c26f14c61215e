/** Subscriptions of the yearly services (docs/subscriptions.md): issuing them when a service order is paid, their seats' activation codes, refunds taking codes back, 自动续费 contracts. The module's public surface: docs/architecture.md. */
export { issueSubscriptions } from './issue';
export { activateCodeTx, anyLicenseActivated, codeState, findOwnCode, revokeUnusedCodes } from './codes';
export { contractByNo, type ContractRow, keepSignUrl, latestContract, liveContract, moveContract, noteLateSigning, openContract, ownSubscription, type OwnSubscription } from './contracts';
