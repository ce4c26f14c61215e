/**
 * 价保 claims: each claim of an order line with its refund, its once-guard, and what claims gave back per line.
 *
 * 价保 (docs/rules.md#价保): the claims table, its once-guard, the claim following its refund; the claim
 * rule itself is lib/domain/price-protect.ts and the claim's steps across modules the price-protect flow.
 */
export { claimedByLine, claimRefunded, claimRefundFailed, protectedFenOfOrder, recordClaim } from './claims';
