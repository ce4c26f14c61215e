/**
 * The order that 续费, 加席位 and 升级 place (docs/subscriptions.md#renewal-and-prices), by the checkout's steps:
 * one service line priced on the server, the coupon (the best one unless the shopper chose another or none),
 * stock taken, the order written once per idempotency key, plus what it buys for the subscription
 * (`subscription_orders`), applied when it is paid. The shopper then pays it as any order; unpaid, the
 * order sweep cancels it as any order (stock and coupon back).
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import { UNPAID_ORDER_TTL_MIN } from '../../domain/order-rules';
import type { SubscriptionChange } from '../../domain/subscription-changes';
import { SUBSCRIPTION_CHANGE_LABEL } from '../../domain/subscription-changes';
import type { PricedLine } from '../../domain/subscription-price';
import { getDb, withTx, type Tx } from '../db/client';
import { drawAgainIfTaken } from '../db/unique';
import { conflict } from '../errors';
import { log } from '../log';
import { countOrderPlaced } from '../metrics/metrics.mjs';
import { emit } from '../outbox/emit';
import { sellableSkusById, takeStock } from '../modules/catalog';
import { chooseCoupon, takeCoupon } from '../modules/coupons';
import { findOwnOrder, orderNoForKey, placeOrder } from '../modules/order';
import { recordSubscriptionOrder, subscriptionToChange, type ChangeTarget } from '../modules/subscription';
import { checkOrderCap, newOrderNo } from './checkout';

/** What the routes answer: the new order to pay. */
export type SubscriptionOrder = { orderNo: string; totalFen: number };

type SkuCard = Awaited<ReturnType<typeof sellableSkusById>>[number];

/** What one change sells: the SKU of its line, the line's name, its price, and what the order records for the subscription. */
export type ChangeSale = {
  skuId: number;
  label: string;
  price: PricedLine;
  record: { years?: number; seats?: number; fromSkuId?: number; toSkuId?: number };
};

/** What a change is priced with: the placing transaction, its clock, and any option's card (price of the day, on sale or not). */
export type SaleContext = { tx: Tx; now: Date; card: (skuId: number) => Promise<SkuCard> };

export async function placeSubscriptionOrder(
  userId: number,
  subscriptionId: number,
  change: SubscriptionChange,
  v: { couponId?: number | null; idempotencyKey?: string; /** How long the order stays payable (an automatic charge's order waits for its retries). */ payWithinMs?: number },
  sell: (s: ChangeTarget, c: SaleContext) => Promise<ChangeSale>,
): Promise<SubscriptionOrder> {
  const db = await getDb();
  const again = async (key: string) => {
    const found = await orderNoForKey(db, userId, key);
    return found ? findOwnOrder(db, userId, found.orderNo, true) : null;
  };
  // The page may send its own key, so a request sent twice places one order; a bare call gets a fresh one.
  const key = v.idempotencyKey ?? `sub-${randomBytes(12).toString('base64url')}`;
  const existing = v.idempotencyKey ? await again(key) : null;
  if (existing) return { orderNo: existing.orderNo, totalFen: existing.totalFen };

  const placed = await drawAgainIfTaken('orders_order_no_unique', () =>
    withTx(async (tx) => {
      const now = new Date();
      const s = await subscriptionToChange(tx, userId, subscriptionId, change, now);
      const card = async (skuId: number) => {
        const [c] = await sellableSkusById(tx, [skuId]);
        if (!c) throw conflict('该服务版本已下架');
        return c;
      };
      const sale = await sell(s, { tx, now, card });
      const sku = await card(sale.skuId);
      if (!sku.onSale) throw conflict(`该服务版本已停售，暂不能${SUBSCRIPTION_CHANGE_LABEL[change]}`);
      const { price } = sale;
      const applied = await chooseCoupon(tx, userId, [{ productId: sku.productId, categoryId: sku.categoryId, subtotalFen: price.totalFen }], 0, v.couponId);
      const totalFen = price.totalFen - applied.discountFen;
      checkOrderCap(price.totalFen, totalFen);
      const order = await placeOrder(
        tx,
        {
          orderNo: newOrderNo(),
          userId,
          kind: 'service',
          itemsTotalFen: price.totalFen,
          shippingFen: 0,
          discountFen: applied.discountFen,
          totalFen,
          addressSnapshot: null,
          idempotencyKey: key,
          payDeadline: new Date(now.getTime() + (v.payWithinMs ?? UNPAID_ORDER_TTL_MIN * 60_000)),
          couponId: applied.coupon?.id ?? null,
        },
        [
          {
            productId: sku.productId,
            skuId: sku.skuId,
            productName: sku.productName,
            skuName: sale.label,
            kind: sku.kind,
            image: sku.image,
            priceFen: price.unitFen,
            quantity: price.quantity,
            discountFen: applied.discountFen,
            paidFen: totalFen,
          },
        ],
      );
      if (!order) return null; // the same key won in another request: answer with that order
      if (applied.coupon) await takeCoupon(tx, applied.coupon.id, userId, order.order.id);
      await recordSubscriptionOrder(tx, { orderId: order.order.id, subscriptionId: s.id, kind: change, ...sale.record, pricedEndsAt: s.endsAt });
      await emit(tx, { kind: 'products_changed', payload: { productIds: [sku.productId] } });
      // The stock last, as the checkout takes it: its row lock is held from here to the commit only.
      await takeStock(tx, [{ skuId: sku.skuId, quantity: price.quantity }], () => conflict(`「${sku.productName} ${sku.skuName}」库存不足`));
      return order.order;
    }),
  );
  if (placed) {
    log.info({ orderNo: placed.orderNo, userId, subscriptionId, change }, 'subscription order created');
    countOrderPlaced();
    return { orderNo: placed.orderNo, totalFen: placed.totalFen };
  }
  const first = await again(key);
  if (!first) throw conflict('订单提交失败，请重试');
  return { orderNo: first.orderNo, totalFen: first.totalFen };
}
