/** The order states (DESIGN §3, docs/decisions/order-states.md): the one list of names and Chinese labels. */
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

/** The states the operator may refund from (paid: 待发货, shipped: 待收货): the payment service's guard and the console's 退款. */
export const REFUNDABLE_ORDER_STATUSES = ['paid', 'shipped'] as const satisfies readonly OrderStatus[];

export const isRefundable = (s: string) => (REFUNDABLE_ORDER_STATUSES as readonly string[]).includes(s);
