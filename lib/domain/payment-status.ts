/**
 * The payment states (docs/states.md#payment-statuses): one row per attempt in `payments`, the one list of
 * names and every move between them, shared by server and screens.
 */
import { mayMove, type TargetOf } from './moves';
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'closed', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** A payment attempt's state in words (the console's 支付记录). */
export const PAYMENT_STATUS_LABEL = { pending: '待支付', succeeded: '支付成功', closed: '已关闭', failed: '支付失败' } as const satisfies Record<PaymentStatus, string>;

/**
 * What moves a payment: the provider's trade could not be started (`start`), or the provider's word on
 * the trade, heard from a verified notification (`notify`), from our query (`query`: the pay screen's
 * poll, the sweep's reconciliation, the check before an overdue cancel) or from the query after we
 * closed it (`close`: the order cancelled or paid by another attempt, the sweep's orphans).
 */
export type PaymentActor = 'start' | 'notify' | 'query' | 'close';

/**
 * Every move a payment may make, one line each (docs/states.md#payment-transitions): nothing else moves
 * a payment. The payment module's movePayment refuses any other pair, and the CHECK constraint holds the
 * names above. A new state is a name above and its moves here.
 */
export const PAYMENT_TRANSITIONS = [
  { from: 'pending', to: 'failed', by: ['start', 'notify', 'query', 'close'] },
  { from: 'pending', to: 'closed', by: ['notify', 'query', 'close'] },
  { from: 'pending', to: 'succeeded', by: ['notify', 'query', 'close'] },
  // A trade we took for closed or failed that the provider says was paid is settled all the same.
  { from: 'closed', to: 'succeeded', by: ['notify', 'query', 'close'] },
  { from: 'failed', to: 'succeeded', by: ['notify', 'query', 'close'] },
] as const satisfies readonly { from: PaymentStatus; to: PaymentStatus; by: readonly PaymentActor[] }[];


/**
 * The states a payment may move to from every state in F (a move from several states names a target
 * all of them may reach): the type of movePayment's `to`, which keeps moves outside the table from compiling.
 */
export type PaymentTarget<F extends PaymentStatus> = TargetOf<(typeof PAYMENT_TRANSITIONS)[number], F>;

/** Whether a payment in `from` may move to `to` (by `by`, when named). */
export function mayMovePayment(from: PaymentStatus, to: PaymentStatus, by?: PaymentActor): boolean {
  return mayMove(PAYMENT_TRANSITIONS, from, to, by);
}
