/**
 * What an after-sales request gives back, in fen (docs/after-sales.md#money): each line its share of
 * what was paid for it, the shipping when the whole order comes back or the fault is the shop's.
 * Pure, so the rule is tested on its own.
 */
import { isShopFault, type AfterSaleReason, type AfterSaleType } from '../../../domain/after-sale';
import { lineShare, type LineState } from '../../../domain/refund-split';

// The split itself is shared with 价保 (lib/domain/price-protect.ts), so it lives in lib/domain.
export { lineShare, type LineState };

export type PricedItem = { orderItemId: number; quantity: number; refundFen: number };

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
