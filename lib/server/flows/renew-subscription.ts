/**
 * 续费: POST /api/v1/subscriptions/{id}/renew { years } places an order of years × seats at the edition's
 * price of the day (docs/subscriptions.md#renewal-and-prices); paid, it moves the end (apply.ts in the
 * subscription module). A lapsed subscription may be renewed too: its new term starts at the payment.
 */
import 'server-only';
import { renewalPrice } from '../../domain/subscription-price';
import { renewSchema } from '../../validation/subscription-buy';
import type { ChangeTarget } from '../modules/subscription';
import { placeSubscriptionOrder, type ChangeSale, type SaleContext, type SubscriptionOrder } from './subscription-order';

export async function renewSubscription(userId: number, subscriptionId: number, input: unknown): Promise<SubscriptionOrder> {
  const v = renewSchema.parse(input);
  return placeSubscriptionOrder(userId, subscriptionId, 'renew', v, renewalOf(v.years));
}

/** What a renewal of `years` sells: years × seats of the edition at its price of the day (the shopper's, and 自动续费's year). */
export const renewalOf =
  (years: number) =>
  async (s: ChangeTarget, { card }: SaleContext): Promise<ChangeSale> => ({
    skuId: s.skuId,
    label: `${s.plan.edition} · 续费 ${years} 年${s.plan.perSeat ? ` · ${s.seats} 席位` : ''}`,
    price: renewalPrice((await card(s.skuId)).priceFen, s.seats, years),
    record: { years, seats: s.seats },
  });
