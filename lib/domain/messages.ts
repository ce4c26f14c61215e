/**
 * The 消息中心's vocabulary (docs/messages.md): the categories a shopper reads messages under and sets
 * SMS for, and the kinds of event that become a message. Browser-safe: the screens and the service
 * layer share it.
 */

export const MESSAGE_CATEGORIES = ['trade', 'aftersale', 'promotion', 'service'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

export const MESSAGE_CATEGORY_LABEL: Record<MessageCategory, string> = {
  trade: '交易物流',
  aftersale: '售后退款',
  promotion: '优惠促销',
  service: '服务通知',
};

/** Each event a shopper hears about, and the category its message is filed under. */
export const MESSAGE_KIND_CATEGORY = {
  order_paid: 'trade',
  order_shipped: 'trade',
  order_delivering: 'trade',
  order_signed: 'trade',
  order_auto_completed: 'trade',
  after_sale_approved: 'aftersale',
  after_sale_rejected: 'aftersale',
  after_sale_return_received: 'aftersale',
  after_sale_refunded: 'aftersale',
  after_sale_exchange_shipped: 'aftersale',
  after_sale_exchange_delivering: 'aftersale',
  after_sale_exchange_signed: 'aftersale',
  // 上门取件 of a return (docs/after-sales.md#pickup)
  after_sale_pickup_assigned: 'aftersale',
  after_sale_pickup_collected: 'aftersale',
  after_sale_pickup_failed: 'aftersale',
  refund_settled: 'aftersale',
  // 价保 (docs/rules.md#价保)
  price_protect_refunded: 'aftersale',
  invoice_issued: 'service',
  invoice_reversed: 'service',
  coupon_expiring: 'promotion',
  stock_back: 'promotion',
  price_drop: 'promotion',
  subscription_due: 'service',
  subscription_lapsed: 'service',
  auto_renew_notice: 'service',
  auto_renew_failed: 'service',
} as const satisfies Record<string, MessageCategory>;
export type MessageKind = keyof typeof MESSAGE_KIND_CATEGORY;

/** One message as the API answers it. */
export type MessageItem = {
  id: number;
  category: MessageCategory;
  title: string;
  body: string;
  /** A path inside the shop, e.g. /user/order/… */
  link: string;
  read: boolean;
  createdAt: string;
};

export type UnreadCounts = { total: number; byCategory: Record<MessageCategory, number> };

/** Per category: whether an SMS goes out as well as the message. */
export type MessageSettings = { sms: Record<MessageCategory, boolean> };
