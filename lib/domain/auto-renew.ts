/**
 * 自动续费 (docs/subscriptions.md#自动续费): a deduction contract the shopper signs at WeChat Pay (委托代扣) or
 * Alipay (周期扣款) for one subscription. Its states, who may move it from where to where, who ended it,
 * the subscription states in which it may be opened, and the rule text the shopper reads before signing.
 * Pure and browser-safe.
 */
import { type Move, type TargetOf } from './moves';
import { DAY_MS } from './shop-time';
import type { SubscriptionState } from './subscription';

export const CONTRACT_CHANNEL_LABEL = { wechat: '微信支付', alipay: '支付宝' } as const;
export type ContractChannel = keyof typeof CONTRACT_CHANNEL_LABEL;
export const CONTRACT_CHANNELS = Object.keys(CONTRACT_CHANNEL_LABEL) as [ContractChannel, ...ContractChannel[]];

export const CONTRACT_STATE_LABEL = { signing: '签约中', active: '已开通', terminated: '已关闭' } as const;
export type ContractState = keyof typeof CONTRACT_STATE_LABEL;
export const CONTRACT_STATES = Object.keys(CONTRACT_STATE_LABEL) as [ContractState, ...ContractState[]];

/**
 * Who moves a contract, and who ended one: the shopper (关闭自动续费 in the shop), the provider (its
 * verified notification: signed, or the shopper's 解约 in WeChat or Alipay), or the shop itself when a
 * signing page was left unsigned too long or the shopper asked for the other provider (abandoned).
 */
export const CONTRACT_ACTORS = ['shopper', 'provider', 'abandoned'] as const;
export type ContractEndedBy = (typeof CONTRACT_ACTORS)[number];

/** The contract's table of moves (docs/subscriptions.md#contract-moves). */
export const CONTRACT_TRANSITIONS = [
  { from: 'signing', to: 'active', by: ['provider'] },
  { from: 'signing', to: 'terminated', by: ['shopper', 'provider', 'abandoned'] },
  { from: 'active', to: 'terminated', by: ['shopper', 'provider'] },
] as const satisfies readonly Move<ContractState, ContractEndedBy>[];

export type ContractTarget<F extends ContractState> = TargetOf<(typeof CONTRACT_TRANSITIONS)[number], F>;

/** Subscriptions in these states may open 自动续费; an unused, expired or refunded one may not. */
export const AUTO_RENEW_STATES: readonly SubscriptionState[] = ['active', 'due_soon', 'grace'];

/** Why a subscription in another state cannot open 自动续费. */
export const AUTO_RENEW_REFUSED: Readonly<Partial<Record<SubscriptionState, string>>> = {
  unused: '服务尚未激活，激活后才能开通自动续费',
  expired: '服务已过期，请先续费再开通自动续费',
  refunded: '服务已退款，不能开通自动续费',
};

/** The shopper is told the amount this many days before each automatic charge. */
export const AUTO_RENEW_NOTICE_DAYS = 5;

/** A signing page left this long unsigned is dropped: asking again starts a new one (the providers' sessions expire too). */
export const CONTRACT_SIGN_TTL_MS = 10 * 60_000;

/** The rules the shopper reads beside the choice of provider, before anything is signed. */
export const AUTO_RENEW_RULES = `到期前 ${AUTO_RENEW_NOTICE_DAYS} 天通知扣款金额，可随时关闭`;

/** A subscription's 自动续费 as the API answers it (POST and DELETE /subscriptions/{id}/auto-renew). */
export type AutoRenewView = {
  subscriptionId: number;
  channel: ContractChannel;
  channelLabel: string;
  state: ContractState;
  stateLabel: string;
  signedAt: string | null;
  terminatedAt: string | null;
};

/**
 * A failed automatic charge is tried again this many days after the attempt before it: the first attempt
 * on the term's end, the retries 1 and 3 days after it (docs/subscriptions.md#the-charging-schedule). After
 * the last one fails, nothing more is charged for that term: the subscription goes on into its 宽限期.
 */
export const AUTO_RENEW_RETRY_GAPS_DAYS = [1, 2] as const;

/** When a charge noticed at `noticedAt` for a term ending at `endsAt` may be made: the end, never sooner than 5 days after the notice. */
export function chargeDueAt(endsAt: Date, noticedAt: Date): Date {
  return new Date(Math.max(endsAt.getTime(), noticedAt.getTime() + AUTO_RENEW_NOTICE_DAYS * DAY_MS));
}

/** After failed attempt number `attempts` (1-based) made at `attemptedAt`: the next attempt's time, or null when that was the last. */
export function nextChargeAttempt(attempts: number, attemptedAt: Date): Date | null {
  const gap = AUTO_RENEW_RETRY_GAPS_DAYS[attempts - 1];
  return gap === undefined ? null : new Date(attemptedAt.getTime() + gap * DAY_MS);
}

/** How many attempts a charge gets in all. */
export const AUTO_RENEW_ATTEMPTS = AUTO_RENEW_RETRY_GAPS_DAYS.length + 1;

/**
 * An automatic charge's states (docs/subscriptions.md#the-charging-schedule): noticed (the shopper told the
 * amount and the day), charging (an attempt's deduction sent, its outcome awaited), paid, failed (the last
 * attempt failed: it waits for its retry, or none is left), stopped (not charged: 自动续费 ended, renewed by
 * hand, refunded).
 */
export const CHARGE_STATE_LABEL = { noticed: '已通知', charging: '扣款中', paid: '已扣款', failed: '扣款失败', stopped: '未扣款' } as const;
export type ChargeState = keyof typeof CHARGE_STATE_LABEL;
export const CHARGE_STATES = Object.keys(CHARGE_STATE_LABEL) as [ChargeState, ...ChargeState[]];
