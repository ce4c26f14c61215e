/** The order states (docs/states.md#order-states): the one list of names and Chinese labels. */
import { mayMove, type TargetOf } from './moves';
export const ORDER_STATUS_LABEL = {
  pending_payment: '待付款',
  paid: '待发货',
  shipped: '待收货',
  completed: '已完成',
  cancelled: '已取消',
  refunding: '退款中',
  refunded: '已退款',
} as const;

export type OrderStatus = keyof typeof ORDER_STATUS_LABEL;

export const ORDER_STATUSES = Object.keys(ORDER_STATUS_LABEL) as [OrderStatus, ...OrderStatus[]];

/**
 * Who moves an order: the shopper, an operator in the console, the payment provider's word, the
 * clock, or an after-sales request whose refund gives the whole order's money back.
 */
export type OrderActor = 'shopper' | 'operator' | 'payment' | 'timer' | 'aftersale';

/**
 * Every move an order may make, one line each (docs/states.md#order-transitions): nothing else moves
 * an order. The server's moveOrder refuses any other pair, the shopper's actions and the console's
 * operations are read from `by`, and the CHECK constraint holds the names above. A new state is a
 * label above and its moves here.
 */
export const ORDER_TRANSITIONS = [
  { from: 'pending_payment', to: 'paid', by: ['payment'] },
  { from: 'paid', to: 'completed', by: ['payment'] }, // a service order, in the transaction that pays it
  { from: 'pending_payment', to: 'cancelled', by: ['shopper', 'operator', 'timer'] },
  { from: 'paid', to: 'shipped', by: ['operator'] },
  { from: 'shipped', to: 'completed', by: ['shopper', 'timer'] },
  { from: 'paid', to: 'refunding', by: ['operator', 'aftersale'] },
  { from: 'shipped', to: 'refunding', by: ['operator', 'aftersale'] },
  { from: 'completed', to: 'refunding', by: ['aftersale'] }, // the last lines came back within the after-sales window
  { from: 'cancelled', to: 'refunding', by: ['payment'] }, // money arrived after the cancel: it goes back
  { from: 'refunding', to: 'refunded', by: ['payment', 'timer'] },
] as const satisfies readonly { from: OrderStatus; to: OrderStatus; by: readonly OrderActor[] }[];


/**
 * The states an order may move to from every state in F (so a move from several states names a
 * target all of them may reach): the type of moveOrder's `to`, which keeps moves outside the table
 * from compiling.
 */
export type OrderTarget<F extends OrderStatus> = TargetOf<(typeof ORDER_TRANSITIONS)[number], F>;

/** Whether an order in `from` may move to `to` (by `by`, when named). */
export function mayMoveOrder(from: OrderStatus, to: OrderStatus, by?: OrderActor): boolean {
  return mayMove(ORDER_TRANSITIONS, from, to, by);
}

type Transition = (typeof ORDER_TRANSITIONS)[number];

/** The states from which `by` may move an order to `to`, typed as precisely as the table. */
function statesMovingTo<T extends OrderStatus, A extends OrderActor>(to: T, by: A) {
  type From = Transition extends infer R ? (R extends { from: infer F; to: T; by: readonly (infer B)[] } ? (A extends B ? F : never) : never) : never;
  return ORDER_TRANSITIONS.filter((t) => t.to === to && (t.by as readonly OrderActor[]).includes(by)).map((t) => t.from as From);
}

/** The states the operator may refund from (paid: 待发货, shipped: 待收货): the payment service's guard and the console's 退款. */
export const REFUNDABLE_ORDER_STATUSES = statesMovingTo('refunding', 'operator');

export const isRefundable = (s: OrderStatus) => mayMoveOrder(s, 'refunding', 'operator');

/**
 * The finished states a shopper may 删除订单 (hide) in and 再次购买 from (docs/rules.md#delete-order): nothing
 * more happens to such an order, except after-sales of a completed one (an open request keeps it shown).
 */
export const FINISHED_ORDER_STATUSES = ['completed', 'cancelled', 'refunded'] as const satisfies readonly OrderStatus[];

export const isFinishedOrder = (s: OrderStatus) => (FINISHED_ORDER_STATUSES as readonly OrderStatus[]).includes(s);
