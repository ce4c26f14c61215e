/**
 * What an after-sales request gives back, in fen (docs/after-sales.md#money): each line its share of
 * what was paid for it, the shipping when the whole order comes back or the fault is the shop's.
 * Pure, so the rule is tested on its own.
 */
import { isShopFault, type AfterSaleReason, type AfterSaleType } from '../../../domain/after-sale';

/** One order line as the request sees it: bought, paid, and what earlier requests already count. */
export type LineState = {
  id: number;
  quantity: number;
  paidFen: number;
  /** Units in open or finished requests (not rejected or withdrawn). */
  countedQty: number;
  /** Of those, units that come back for money (not exchanges). */
  countedRefundQty: number;
  /** What those requests give back for this line. */
  countedRefundFen: number;
};

export type PricedItem = { orderItemId: number; quantity: number; refundFen: number };

/**
 * A line's share for `q` more units: paid × q / bought, rounded down, except that the request taking
 * the last unit back takes the remainder, so the parts of a line add up to exactly what was paid for it.
 */
export function lineShare(line: LineState, q: number): number {
  if (line.countedRefundQty + q >= line.quantity) return line.paidFen - line.countedRefundFen;
  return Math.floor((line.paidFen * q) / line.quantity);
}

export function priceRequest(
  order: { shippingFen: number; shippingCounted: boolean },
  lines: LineState[],
  items: { orderItemId: number; quantity: number }[],
  type: AfterSaleType,
  reason: AfterSaleReason,
): { items: PricedItem[]; shippingFen: number; refundFen: number } {
  const money = type !== 'exchange';
  const priced = items.map((i) => {
    const line = lines.find((l) => l.id === i.orderItemId)!;
    return { orderItemId: i.orderItemId, quantity: i.quantity, refundFen: money ? lineShare(line, i.quantity) : 0 };
  });
  const wholeOrderBack = lines.every((l) => l.countedRefundQty + (items.find((i) => i.orderItemId === l.id)?.quantity ?? 0) >= l.quantity);
  const shippingFen = money && order.shippingFen > 0 && !order.shippingCounted && (wholeOrderBack || isShopFault(reason)) ? order.shippingFen : 0;
  return { items: priced, shippingFen, refundFen: priced.reduce((n, i) => n + i.refundFen, 0) + shippingFen };
}
