/**
 * What a shopper may do with a subscription in each state (docs/subscriptions.md#states), and the names of
 * its history's events. Pure and browser-safe: 我的服务's buttons and the server's answers read the same rules.
 */
import { GRACE_DAYS, type ServicePlan, type subscriptionState } from './subscription';
import { DAY_MS } from './shop-time';
import { changeRefusal } from './subscription-changes';

type State = ReturnType<typeof subscriptionState>;

export type SubscriptionActions = { canRenew: boolean; canAddSeats: boolean; canUpgrade: boolean };

/**
 * 续费 from the first activation on (a subscription not yet activated has no term to extend) until it is
 * refunded; once 已过期 a renewal starts a new term. 加席位 and 升级 are priced on the days left, so only while
 * the term runs (生效中, 即将到期), and only where the edition sells seats or leads to another.
 */
export function subscriptionActions(state: State, plan: ServicePlan): SubscriptionActions {
  // The buttons are the server's refusals read ahead: shown exactly when the route would accept.
  return {
    canRenew: changeRefusal('renew', state, plan) === null,
    canAddSeats: changeRefusal('seats', state, plan) === null,
    canUpgrade: changeRefusal('upgrade', state, plan) === null,
  };
}

/** The last moment of the 宽限期 after `endsAt` (null before the term starts). */
export function graceEndsAt(endsAt: Date | null): Date | null {
  return endsAt ? new Date(endsAt.getTime() + GRACE_DAYS * DAY_MS) : null;
}

/** The history's events as the subscription's page names them. */
export const SUBSCRIPTION_EVENT_LABEL = {
  created: '开通',
  migrated: '开通',
  activated: '激活',
  renewed: '续费',
  seats_added: '加席位',
  upgraded: '升级',
  adjusted: '调整',
  refunded: '退款',
} as const;
