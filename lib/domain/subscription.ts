/**
 * Subscriptions of the shop's yearly services (docs/subscriptions.md): what a shopper owns after buying
 * a service, its states as a person reads them, the editions of each service SKU, and the time rules
 * (a year is 365 days, 即将到期 from 30 days before the end, a 15-day 宽限期 after it). Pure and
 * browser-safe: the server and the screens read the same rules.
 */
import { DAY_MS } from './shop-time';

/** One term year: a renewal of n years moves the end by n × 365 days, to the millisecond. */
export const TERM_DAYS = 365;
/** 即将到期 from this many days before the end. */
export const DUE_SOON_DAYS = 30;
/** After the end, the subscription stays renewable at the same terms (and the apps keep working) this long. */
export const GRACE_DAYS = 15;
/** A renewal buys 1 to 3 years at once. */
export const RENEW_YEARS = [1, 2, 3] as const;

export const SUBSCRIPTION_STATE_LABEL = {
  unused: '未激活',
  active: '生效中',
  due_soon: '即将到期',
  grace: '宽限期',
  expired: '已过期',
  refunded: '已退款',
} as const;
export type SubscriptionState = keyof typeof SUBSCRIPTION_STATE_LABEL;

/**
 * The state a person understands, from the stored facts and the clock: 已退款 once refunded, 未激活
 * until its first code is activated, then by the end date.
 */
export function subscriptionState(s: { endsAt: Date | null; refundedAt: Date | null }, now: Date): SubscriptionState {
  if (s.refundedAt) return 'refunded';
  if (!s.endsAt) return 'unused';
  const left = s.endsAt.getTime() - now.getTime();
  if (left > DUE_SOON_DAYS * DAY_MS) return 'active';
  if (left > 0) return 'due_soon';
  if (-left <= GRACE_DAYS * DAY_MS) return 'grace';
  return 'expired';
}

/** Whole days left until the end, rounded up (a term ending later today has 1 day left); 0 once ended. */
export function daysLeft(endsAt: Date | null, now: Date): number {
  if (!endsAt) return 0;
  return Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS));
}

/**
 * What a service SKU sells, by its code: the edition's name, whether a line's quantity is seats of one
 * subscription (企业版: every seat ends on the same day) or that many subscriptions of their own, and the
 * SKU an upgrade leads to. A service SKU not listed is one subscription per unit, its edition the SKU name.
 */
export type ServicePlan = { edition: string; perSeat: boolean; upgradeTo?: string };
export const SERVICE_PLANS: Readonly<Record<string, ServicePlan>> = {
  'MAIL-P-1Y': { edition: '个人版', perSeat: false, upgradeTo: 'MAIL-E-1Y' },
  'MAIL-E-1Y': { edition: '企业版', perSeat: true },
  'DING-T-1Y': { edition: '团队版', perSeat: false },
  'DING-E-1Y': { edition: '企业版', perSeat: true },
  'MEET-S-1Y': { edition: '标准版', perSeat: false },
  'MEET-P-1Y': { edition: '专业版', perSeat: false },
  'ID-50-1Y': { edition: '50 用户', perSeat: false },
  'ID-200-1Y': { edition: '200 用户', perSeat: false },
};

export function servicePlan(sku: { code: string; name: string }): ServicePlan {
  return SERVICE_PLANS[sku.code] ?? { edition: sku.name.split(' · ')[0], perSeat: false };
}
