/**
 * What the shopper may do with an order, and what after-sales did to it: the rules 订单详情 and 我的订单 share.
 *
 * What a shopper's order views (views/orders-detail.ts, views/orders-list.ts) say the shopper may do
 * with an order, and what after-sales did to it: the rules both the 订单详情 and the list apply.
 */
import 'server-only';
import { isInvoiceable } from '../../domain/invoice-status';
import { isFinishedOrder, mayMoveOrder } from '../../domain/order-status';
import { ORDER_AFTER_SALE_LABEL, type OrderAfterSale } from '../../domain/after-sale';
import { canAskAfterSale, type OrderState } from '../modules/after-sales';
import type { OrderRow } from '../modules/order';

/** rebuy: 再次购买; remove: 删除订单 (docs/rules.md#delete-order). */
export type OrderActions = { pay: boolean; cancel: boolean; confirm: boolean; invoice: boolean; logistics: boolean; afterSale: boolean; rebuy: boolean; remove: boolean; review: boolean };
/** What after-sales did to the order: 售后中 while a request is open, else 部分退款 / 已退款; null when nothing. */
export type OrderAfterSaleState = { state: OrderAfterSale; label: string } | null;

/**
 * What the shopper may do now: the moves the table gives the shopper (or the payment, while the
 * deadline lasts). 取消订单 of a paid device order not yet shipped, with nothing in after-sales yet, is
 * the 仅退款 of all of it (refunded at once).
 */
export function actionsFor(o: OrderRow, hasInvoice: boolean, s: OrderState): Omit<OrderActions, 'review'> {
  const untouched = s.lines.every((l) => l.countedQty === 0);
  const finished = isFinishedOrder(o.status);
  return {
    pay: mayMoveOrder(o.status, 'paid', 'payment') && o.payDeadline > new Date(),
    // An activated code is never refunded, so an order holding one cannot be cancelled as a whole.
    cancel: mayMoveOrder(o.status, 'cancelled', 'shopper') || (o.status === 'paid' && o.kind === 'device' && untouched && !s.service.refusal),
    confirm: mayMoveOrder(o.status, 'completed', 'shopper'),
    invoice: !hasInvoice && isInvoiceable(o.status),
    logistics: Boolean(o.trackingNo),
    afterSale: canAskAfterSale(s),
    rebuy: finished,
    remove: removable(o, s),
  };
}

/** 删除订单: a finished order with no after-sales request open (the same rule as hideOrder's UPDATE). */
export function removable(o: OrderRow, s: OrderState): boolean {
  return isFinishedOrder(o.status) && !s.lines.some((l) => l.openAfterSaleNo);
}

/** 售后中 while a request is open; else 已退款 when all the money went back, 部分退款 when some did. */
export function afterSaleOf(o: OrderRow, s: OrderState, refundedAll: number): OrderAfterSaleState {
  // 价保's money is no after-sales refund: the order is not 部分退款 for it (docs/after-sales.md#价保).
  const refunded = refundedAll - s.protectedFen;
  const state: OrderAfterSale | null = s.lines.some((l) => l.openAfterSaleNo) ? 'open' : refunded <= 0 ? null : refundedAll >= o.totalFen ? 'full' : 'partial';
  if (!state || (state === 'full' && o.status === 'refunded')) return null;
  return { state, label: ORDER_AFTER_SALE_LABEL[state] };
}
