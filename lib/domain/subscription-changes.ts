/**
 * What a shopper may buy for a subscription they own, by its state and edition
 * (docs/subscriptions.md#renewal-and-prices): 续费 whenever its term has started and it was not refunded
 * (a lapsed one starts a new term at the payment), 加席位 and 升级 only while it is in force (the price is
 * the days left), 加席位 only for an edition sold by the seat, 升级 only where the edition leads to another.
 */
import type { ServicePlan, SUBSCRIPTION_STATE_LABEL } from './subscription';

export const SUBSCRIPTION_CHANGE_LABEL = { renew: '续费', seats: '加席位', upgrade: '升级' } as const;
export type SubscriptionChange = keyof typeof SUBSCRIPTION_CHANGE_LABEL;

type State = keyof typeof SUBSCRIPTION_STATE_LABEL;

/** Null when the change may be bought now, else why not (a 409 the shopper reads). */
export function changeRefusal(change: SubscriptionChange, state: State, plan: ServicePlan): string | null {
  const label = SUBSCRIPTION_CHANGE_LABEL[change];
  if (state === 'refunded') return `该服务已退款，不能${label}`;
  if (state === 'unused') return `该服务尚未激活，请先激活后再${label}`;
  if (change === 'renew') return null;
  if (change === 'seats' && !plan.perSeat) return `${plan.edition}不按席位计费，不能加席位`;
  if (change === 'upgrade' && !plan.upgradeTo) return `${plan.edition}已是最高版本，没有可升级的版本`;
  if (state === 'grace' || state === 'expired') return `服务${state === 'grace' ? '已到期（宽限期中）' : '已过期'}，请先续费再${label}`;
  return null;
}
