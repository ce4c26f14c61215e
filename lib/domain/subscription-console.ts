/**
 * The console's rules for subscriptions (docs/subscriptions.md#the-console): the bounds of 延长/缩短服务期,
 * the end-date window of each state (so the list filters in SQL by the very rule `subscriptionState`
 * reads), the names of the history's and reminders' kinds, and when an automatic charge may be given back.
 * Pure and browser-safe.
 */
import { DAY_MS } from './shop-time';
import { DUE_SOON_DAYS, GRACE_DAYS, SUBSCRIPTION_STATE_LABEL } from './subscription';
import { RETURN_DAYS } from './after-sale-rules';
import type { ChargeState } from './auto-renew';
import type { OrderStatus } from './order-status';

/** 延长/缩短服务期 moves the end by at most this many days either way (never by 0). */
export const ADJUST_DAYS_MAX = 365;
/** The operator's reason for moving the end (kept in the history and the audit log). */
export const ADJUST_REASON_MAX = 200;

/**
 * Why a subscription's term cannot be moved (null: it can): 已退款 has no term left, 未激活 none yet.
 * The console's page and the API's 409 say the same words.
 */
export function adjustRefusal(s: { refundedAt: Date | null; endsAt: Date | null }): string | null {
  if (s.refundedAt) return '该订阅已退款，不能调整服务期';
  if (!s.endsAt) return '该订阅尚未激活，服务期还没有开始，不能调整';
  return null;
}

/** The console's code search box: a code is 19 characters with its hyphens; room for spaces typed between. */
export const CODE_SEARCH_MAX = 24;

export type SubscriptionState = keyof typeof SUBSCRIPTION_STATE_LABEL;
export const SUBSCRIPTION_STATES = Object.keys(SUBSCRIPTION_STATE_LABEL) as [SubscriptionState, ...SubscriptionState[]];

/**
 * Which rows are in a state at `now`, as bounds on the stored facts: refunded or not, started (an end
 * set) or not, and the end against `now` (`after` and `before` exclusive, `from` and `upTo` inclusive).
 * The windows of the six states cover every subscription once, exactly as `subscriptionState` decides.
 */
export type StateWindow =
  | { refunded: true }
  | { refunded: false; started: false }
  | { refunded: false; started: true; endsAfter?: Date; endsFrom?: Date; endsUpTo?: Date; endsBefore?: Date };

export function stateWindow(state: SubscriptionState, now: Date): StateWindow {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  switch (state) {
    case 'refunded':
      return { refunded: true };
    case 'unused':
      return { refunded: false, started: false };
    case 'active':
      return { refunded: false, started: true, endsAfter: at(DUE_SOON_DAYS) };
    case 'due_soon':
      return { refunded: false, started: true, endsAfter: now, endsUpTo: at(DUE_SOON_DAYS) };
    case 'grace':
      return { refunded: false, started: true, endsFrom: at(-GRACE_DAYS), endsUpTo: now };
    case 'expired':
      return { refunded: false, started: true, endsBefore: at(-GRACE_DAYS) };
  }
}

/** Every live subscription at `now` (生效中, 即将到期 and 宽限期: the apps work; ARR and 自动续费 count them): not refunded, started, its end at most 宽限期 days past. */
export function liveWindow(now: Date): StateWindow {
  return { refunded: false, started: true, endsFrom: new Date(now.getTime() - GRACE_DAYS * DAY_MS) };
}

/** The console's 「30 天内到期」 list: the terms ending within the next 30 days (即将到期), soonest first. */
export const DUE_LIST_DAYS = DUE_SOON_DAYS;

/** The history's kinds as the console names them. */
export const SUBSCRIPTION_EVENT_LABEL = {
  created: '购买',
  migrated: '由激活码迁移',
  activated: '激活，服务期开始',
  renewed: '续费',
  seats_added: '加席位',
  upgraded: '升级版本',
  adjusted: '运营调整服务期',
  refunded: '退款收回激活码',
} as const;

/** The reminders' kinds as the console names them. */
export const REMINDER_LABEL = {
  month_before: '到期前 30 天提醒',
  week_before: '到期前 7 天提醒',
  day_before: '到期前 1 天提醒',
  lapsed: '到期提醒（宽限期开始）',
} as const;

/** 自动续费's channels as the console names them. */
export const CONTRACT_CHANNEL_LABEL = { wechat: '微信支付', alipay: '支付宝' } as const;
/** A contract's states as the console names them. */
export const CONTRACT_STATE_LABEL = { signing: '签约中', active: '生效中', terminated: '已解约' } as const;

/**
 * Why the console's 退还自动续费 is refused for a charge now (the after-sales path answers the same), or
 * null: only a charge paid, its order not given back yet, within the 7 days a service order may be refunded.
 */
export function chargeRefundRefusal(c: { state: ChargeState; orderStatus: OrderStatus | null; paidAt: Date | null }, now: Date): string | null {
  if (c.state !== 'paid' || !c.paidAt) return '该次自动续费没有扣款成功，无需退款';
  if (c.orderStatus !== 'completed') return '该订单已退款';
  if (now.getTime() - c.paidAt.getTime() > RETURN_DAYS * DAY_MS) return `扣款已超过 ${RETURN_DAYS} 天，不能再退还`;
  return null;
}
