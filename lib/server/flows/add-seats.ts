/**
 * 加席位: POST /api/v1/subscriptions/{id}/seats { add } places an order of `add` seats, each at the days left
 * of a year's price (docs/subscriptions.md#renewal-and-prices); paid, the seats and their codes join the
 * subscription on its end date (apply.ts in the subscription module).
 */
import 'server-only';
import { daysLeft } from '../../domain/subscription';
import { seatsPrice } from '../../domain/subscription-price';
import { addSeatsSchema } from '../../validation/subscription-buy';
import { placeSubscriptionOrder, type SubscriptionOrder } from './subscription-order';

export async function addSubscriptionSeats(userId: number, subscriptionId: number, input: unknown): Promise<SubscriptionOrder> {
  const v = addSeatsSchema.parse(input);
  return placeSubscriptionOrder(userId, subscriptionId, 'seats', v, async (s, { card, now }) => {
    const days = daysLeft(s.endsAt, now);
    return {
      skuId: s.skuId,
      label: `${s.plan.edition} · 加 ${v.add} 席位 · 剩余 ${days} 天`,
      price: seatsPrice((await card(s.skuId)).priceFen, days, v.add),
      record: { seats: v.add },
    };
  });
}
