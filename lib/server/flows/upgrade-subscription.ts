/**
 * 升级: POST /api/v1/subscriptions/{id}/upgrade places an order of the new edition for the days left, less
 * the old edition's days left (docs/subscriptions.md#renewal-and-prices); paid, the subscription becomes
 * the new edition on the same end date (apply.ts in the subscription module). One upgrade waits for
 * payment at a time: the subscription's row is locked while the order is placed.
 */
import 'server-only';
import { formatFen } from '../../domain/money';
import { daysLeft, SERVICE_PLANS } from '../../domain/subscription';
import { upgradePrice } from '../../domain/subscription-price';
import { upgradeSchema } from '../../validation/subscription-buy';
import { conflict } from '../errors';
import { orderTotal } from '../modules/order';
import { unappliedUpgradeOrders } from '../modules/subscription';
import { placeSubscriptionOrder, type SubscriptionOrder } from './subscription-order';

export async function upgradeSubscription(userId: number, subscriptionId: number, input: unknown): Promise<SubscriptionOrder> {
  const v = upgradeSchema.parse(input);
  return placeSubscriptionOrder(userId, subscriptionId, 'upgrade', v, async (s, { tx, now, card }) => {
    for (const orderId of await unappliedUpgradeOrders(tx, s.id)) {
      const o = await orderTotal(tx, orderId);
      if (o.status === 'pending_payment') throw conflict(`已有待付款的升级订单 ${o.orderNo}，请先支付或取消`);
    }
    const to = s.upgradeSkuId!;
    const days = daysLeft(s.endsAt, now);
    const price = upgradePrice((await card(s.skuId)).priceFen, (await card(to)).priceFen, days);
    const edition = SERVICE_PLANS[s.plan.upgradeTo!].edition;
    if (price.totalFen === 0) throw conflict(`升级至${edition}的差价为 ${formatFen(0)}，请联系客服办理`);
    return { skuId: to, label: `升级至${edition} · 剩余 ${days} 天`, price, record: { fromSkuId: s.skuId, toSkuId: to } };
  });
}
