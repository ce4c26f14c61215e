/**
 * The refund states (docs/states.md#refunds): one row per refund in `refunds`, the one list of names and
 * Chinese labels and every move between them, shared by server and screens.
 */
import { mayMove, type TargetOf } from './moves';
export const REFUND_STATUS_LABEL = { processing: '退款中', succeeded: '已退款', failed: '退款失败' } as const;
export type RefundStatus = keyof typeof REFUND_STATUS_LABEL;
export const REFUND_STATUSES = Object.keys(REFUND_STATUS_LABEL) as [RefundStatus, ...RefundStatus[]];

/**
 * What settles a refund: the provider's answer when we send it (`answer`: after the commit that
 * recorded it, or the sweep sending it again with the same number), or its refund notification (`notify`).
 */
export type RefundActor = 'answer' | 'notify';

/**
 * Every move a refund may make, one line each (docs/states.md#refund-transitions): nothing else moves a
 * refund, and a failed one stays failed (the operator acts; nothing retries it). The refund module's
 * moveRefund refuses any other pair, and the CHECK constraint holds the names above.
 */
export const REFUND_TRANSITIONS = [
  { from: 'processing', to: 'succeeded', by: ['answer', 'notify'] },
  { from: 'processing', to: 'failed', by: ['answer', 'notify'] },
] as const satisfies readonly { from: RefundStatus; to: RefundStatus; by: readonly RefundActor[] }[];

/** The states a refund may move to from `F`: the type of moveRefund's `to`. */
export type RefundTarget<F extends RefundStatus> = TargetOf<(typeof REFUND_TRANSITIONS)[number], F>;

/** Whether a refund in `from` may move to `to` (by `by`, when named). */
export function mayMoveRefund(from: RefundStatus, to: RefundStatus, by?: RefundActor): boolean {
  return mayMove(REFUND_TRANSITIONS, from, to, by);
}
