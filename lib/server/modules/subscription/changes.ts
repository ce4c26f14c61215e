/**
 * 续费, 加席位 and 升级 as orders to pay (docs/subscriptions.md#renewal-and-prices): the shopper's subscription
 * locked for the placing transaction with what may be bought for it now, and what the order buys written
 * beside it (`subscription_orders`), applied once when it is paid (apply.ts).
 */
import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { changeRefusal, type SubscriptionChange } from '../../../domain/subscription-changes';
import { servicePlan, subscriptionState, type ServicePlan } from '../../../domain/subscription';
import type { Tx } from '../../db/client';
import { subscriptionOrders, subscriptions, type SubscriptionOrderKind } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { skuCodes, skuIdsByCode } from '../catalog';

/** A subscription as a change to it is priced: its edition's SKU and plan, its seats and end, and the SKU an upgrade leads to. */
export type ChangeTarget = {
  id: number;
  productId: number;
  skuId: number;
  plan: ServicePlan;
  seats: number;
  /** Set: the route refuses a subscription whose term has not started. */
  endsAt: Date;
  upgradeSkuId: number | null;
};

/**
 * The shopper's subscription, its row locked until the caller's transaction ends (two upgrades of one
 * subscription are placed one after the other), checked against what `change` needs: 404 '服务不存在' for
 * another shopper's or none, 409 with the reason when its state or edition does not allow it.
 */
export async function subscriptionToChange(tx: Tx, userId: number, id: number, change: SubscriptionChange, now: Date): Promise<ChangeTarget> {
  const [s] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
    .for('update');
  if (!s) throw notFound('服务不存在');
  const sku = (await skuCodes(tx, [s.skuId])).get(s.skuId);
  const plan = servicePlan(sku ?? { code: '', name: '' });
  const refusal = changeRefusal(change, subscriptionState(s, now), plan);
  if (refusal) throw conflict(refusal);
  const upgradeSkuId = plan.upgradeTo ? ((await skuIdsByCode(tx, [plan.upgradeTo])).get(plan.upgradeTo) ?? null) : null;
  if (change === 'upgrade' && upgradeSkuId === null) throw conflict('可升级的版本暂未上架，请稍后再试');
  return { id: s.id, productId: s.productId, skuId: s.skuId, plan, seats: s.seats, endsAt: s.endsAt!, upgradeSkuId };
}

/** What an order placed for a subscription buys: applied once when the order is paid. */
export async function recordSubscriptionOrder(
  tx: Tx,
  row: { orderId: number; subscriptionId: number; kind: SubscriptionOrderKind; years?: number; seats?: number; fromSkuId?: number; toSkuId?: number; pricedEndsAt: Date },
): Promise<void> {
  await tx.insert(subscriptionOrders).values(row);
}

/** The orders of upgrades of this subscription not yet paid for (or never to be: their order decides). */
export async function unappliedUpgradeOrders(tx: Tx, subscriptionId: number): Promise<number[]> {
  const rows = await tx
    .select({ orderId: subscriptionOrders.orderId })
    .from(subscriptionOrders)
    .where(and(eq(subscriptionOrders.subscriptionId, subscriptionId), eq(subscriptionOrders.kind, 'upgrade'), isNull(subscriptionOrders.appliedAt)));
  return rows.map((r) => r.orderId);
}
