/**
 * Cancelling an unpaid order with its stock and coupon given back: the step every cancel of an unpaid order takes.
 *
 * pending_payment → cancelled, the step every cancel of an unpaid order takes (the shopper's, the
 * console's, the clock's), in the caller's transaction (docs/states.md#order-transitions).
 */
import 'server-only';
import type { Tx } from '../db/client';
import { emit } from '../outbox/emit';
import { returnStock } from '../modules/catalog';
import { returnCoupon } from '../modules/coupons';
import { moveOrder, orderItemsOf } from '../modules/order';

/**
 * Cancels the order with its stock returned. Only the caller whose guarded update wins returns stock,
 * so it comes back exactly once however many race. After the commit (outbox events, docs/outbox.md):
 * product pages refresh, stock-back notices go out, the order's open payments are closed at the provider.
 */
export async function cancelOrderRow(tx: Tx, orderId: number, reason: string): Promise<boolean> {
  if (!(await moveOrder(tx, orderId, 'pending_payment', 'cancelled', { cancelReason: reason }))) return false;
  const items = await orderItemsOf(tx, orderId);
  await returnStock(tx, items); // in skuId order, the lock order of checkout's takeStock
  await returnCoupon(tx, orderId);
  await emit(tx, { kind: 'products_changed', payload: { productIds: [...new Set(items.map((i) => i.productId))] } });
  await emit(tx, { kind: 'skus_restocked', payload: { skuIds: [...new Set(items.map((i) => i.skuId))] } });
  await emit(tx, { kind: 'payments_close', payload: { orderId } });
  return true;
}
