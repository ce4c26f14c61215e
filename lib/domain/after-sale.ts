/**
 * After-sales (售后): the one list of request types, reasons, states and moves, shared by server and
 * screens (docs/after-sales.md). A new state is a label here and its moves in AFTER_SALE_TRANSITIONS.
 */
import { EXCHANGE_DAYS, RETURN_DAYS, RETURN_SHIPPING_CAP_FEN } from './after-sale-rules';
import { formatFen } from './money';

export const AFTER_SALE_TYPE_LABEL = {
  refund_only: '仅退款',
  return_refund: '退货退款',
  exchange: '换货',
} as const;
export type AfterSaleType = keyof typeof AFTER_SALE_TYPE_LABEL;
export const AFTER_SALE_TYPES = Object.keys(AFTER_SALE_TYPE_LABEL) as [AfterSaleType, ...AfterSaleType[]];

/**
 * The reasons a shopper picks, each marked with whose fault it is: the shop's fault refunds the
 * shipping too and the shop pays the return. `no_longer_needed` is for what has not shipped yet
 * (and unused activation codes): nothing is wrong with the goods, the shopper changed their mind.
 */
export const AFTER_SALE_REASONS = {
  no_longer_needed: { label: '不想要了/拍错了', fault: 'shopper' },
  seven_days: { label: '七天无理由退货', fault: 'shopper' },
  quality: { label: '商品质量问题', fault: 'shop' },
  not_as_described: { label: '商品与描述不符', fault: 'shop' },
  wrong_item: { label: '发错货或漏发', fault: 'shop' },
  damaged: { label: '物流损坏', fault: 'shop' },
  not_received: { label: '未收到货', fault: 'shop' },
} as const satisfies Record<string, { label: string; fault: 'shopper' | 'shop' }>;
export type AfterSaleReason = keyof typeof AFTER_SALE_REASONS;
export const AFTER_SALE_REASON_NAMES = Object.keys(AFTER_SALE_REASONS) as [AfterSaleReason, ...AfterSaleReason[]];

export const isShopFault = (r: AfterSaleReason) => AFTER_SALE_REASONS[r].fault === 'shop';

/**
 * Who pays the return's shipping, as every screen and the approval's timeline row say it
 * (docs/after-sales.md#return-shipping): the shop, for its own fault, paid back as 运费补偿 after 收货
 * up to RETURN_SHIPPING_CAP_FEN; the shopper, for 七天无理由.
 */
/**
 * What a shop-fault request does with the order's shipping, by type: a refund gives it back with the
 * goods (docs/after-sales.md#money); an exchange refunds nothing — the new goods go out free instead.
 */
export const SHOP_FAULT_SHIPPING: Record<AfterSaleType, string> = {
  refund_only: '退还订单运费',
  return_refund: '退还订单运费',
  exchange: '换货不退款，换新商品由商家免运费寄出',
};

export const RETURN_SHIPPING_RULE = {
  shop: `商家责任的退换货，寄回运费由商家承担：请先垫付（勿用到付），填写退货物流时填写运费（最多 ${formatFen(RETURN_SHIPPING_CAP_FEN)}），商家收货确认后原路退还`,
  shopper: '七天无理由退货的寄回运费由您承担，请勿使用到付，填写退货物流时无需填写运费',
} as const;

/** The stage of an order a request is made in: the reasons and window depend on it. */
export type AfterSaleStage = 'unshipped' | 'in_transit' | 'received' | 'service';

/**
 * Which reasons each type takes at each stage, and the window (days from receipt, or from payment
 * for services) within which each may be asked. Not listed = not offered.
 */
export const AFTER_SALE_RULES: Record<AfterSaleType, Partial<Record<AfterSaleStage, Partial<Record<AfterSaleReason, number | null>>>>> = {
  refund_only: {
    // null: no window (it has not shipped; the refund is at once)
    unshipped: { no_longer_needed: null },
    in_transit: { not_received: null, damaged: null, wrong_item: null },
    received: { wrong_item: EXCHANGE_DAYS, damaged: EXCHANGE_DAYS },
    service: { no_longer_needed: RETURN_DAYS },
  },
  return_refund: {
    in_transit: { seven_days: null, quality: null, not_as_described: null, wrong_item: null, damaged: null },
    received: { seven_days: RETURN_DAYS, quality: EXCHANGE_DAYS, not_as_described: EXCHANGE_DAYS, wrong_item: EXCHANGE_DAYS, damaged: EXCHANGE_DAYS },
  },
  exchange: {
    in_transit: { quality: null, not_as_described: null, wrong_item: null, damaged: null },
    received: { quality: EXCHANGE_DAYS, not_as_described: EXCHANGE_DAYS, wrong_item: EXCHANGE_DAYS, damaged: EXCHANGE_DAYS },
  },
};

export const AFTER_SALE_STATUS_LABEL = {
  pending_review: '待审核',
  awaiting_return: '待寄回',
  returning: '退货中',
  received: '商家已收货',
  refunding: '退款中',
  refunded: '已退款',
  reshipped: '换新已发出',
  completed: '已完成',
  rejected: '已拒绝',
  cancelled: '已撤销',
} as const;
export type AfterSaleStatus = keyof typeof AFTER_SALE_STATUS_LABEL;
export const AFTER_SALE_STATUSES = Object.keys(AFTER_SALE_STATUS_LABEL) as [AfterSaleStatus, ...AfterSaleStatus[]];

/** Who moves a request: the shopper, an operator, the clock, or the payment provider's word. */
export type AfterSaleActor = 'shopper' | 'operator' | 'timer' | 'payment';

/**
 * Every move a request may make (docs/after-sales.md#moves). `types` limits a move to some request
 * types. An approve of 仅退款 before shipment is made by the shop at once ('timer' at creation).
 */
export const AFTER_SALE_TRANSITIONS = [
  { from: 'pending_review', to: 'refunding', by: ['operator', 'timer'], types: ['refund_only'] },
  { from: 'pending_review', to: 'awaiting_return', by: ['operator', 'timer'], types: ['return_refund', 'exchange'] },
  { from: 'pending_review', to: 'rejected', by: ['operator'], types: AFTER_SALE_TYPES },
  { from: 'pending_review', to: 'cancelled', by: ['shopper'], types: AFTER_SALE_TYPES },
  { from: 'awaiting_return', to: 'cancelled', by: ['shopper', 'timer'], types: ['return_refund', 'exchange'] },
  { from: 'awaiting_return', to: 'returning', by: ['shopper'], types: ['return_refund', 'exchange'] },
  { from: 'returning', to: 'received', by: ['operator'], types: ['return_refund', 'exchange'] },
  { from: 'received', to: 'refunding', by: ['operator'], types: ['return_refund'] },
  { from: 'received', to: 'reshipped', by: ['operator'], types: ['exchange'] },
  { from: 'reshipped', to: 'completed', by: ['shopper', 'timer'], types: ['exchange'] },
  { from: 'refunding', to: 'refunded', by: ['payment', 'timer'], types: ['refund_only', 'return_refund'] },
] as const satisfies readonly { from: AfterSaleStatus; to: AfterSaleStatus; by: readonly AfterSaleActor[]; types: readonly AfterSaleType[] }[];

export function mayMoveAfterSale(from: AfterSaleStatus, to: AfterSaleStatus, type?: AfterSaleType, by?: AfterSaleActor): boolean {
  return AFTER_SALE_TRANSITIONS.some(
    (t) =>
      t.from === from &&
      t.to === to &&
      (!type || (t.types as readonly AfterSaleType[]).includes(type)) &&
      (!by || (t.by as readonly AfterSaleActor[]).includes(by)),
  );
}

/** States a request is still open in: its lines cannot be asked for again meanwhile. */
export const OPEN_AFTER_SALE_STATUSES = ['pending_review', 'awaiting_return', 'returning', 'received', 'refunding', 'reshipped'] as const satisfies readonly AfterSaleStatus[];
/** States whose quantities are no longer available to ask for (open, or finished with goods or money back). */
export const COUNTED_AFTER_SALE_STATUSES = [...OPEN_AFTER_SALE_STATUSES, 'refunded', 'completed'] as const satisfies readonly AfterSaleStatus[];

/** States whose money has gone back or is on its way (what an invoice no longer covers). */
export const REFUNDED_AFTER_SALE_STATUSES = ['refunding', 'refunded'] as const satisfies readonly AfterSaleStatus[];


/** What the order shows about its after-sales (beside its own state). */
export const ORDER_AFTER_SALE_LABEL = {
  open: '售后中',
  partial: '部分退款',
  full: '已退款',
} as const;
export type OrderAfterSale = keyof typeof ORDER_AFTER_SALE_LABEL;
