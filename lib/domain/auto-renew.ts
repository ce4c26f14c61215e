/**
 * 自动续费 (docs/subscriptions.md#自动续费): a deduction contract the shopper signs at WeChat Pay (委托代扣) or
 * Alipay (周期扣款) for one subscription. Its states, who may move it from where to where, who ended it,
 * the subscription states in which it may be opened, and the rule text the shopper reads before signing.
 * Pure and browser-safe.
 */
import type { SubscriptionState } from './subscription';

export const CONTRACT_CHANNEL_LABEL = { wechat: '微信支付', alipay: '支付宝' } as const;
export type ContractChannel = keyof typeof CONTRACT_CHANNEL_LABEL;
export const CONTRACT_CHANNELS = Object.keys(CONTRACT_CHANNEL_LABEL) as [ContractChannel, ...ContractChannel[]];

export const CONTRACT_STATE_LABEL = { signing: '签约中', active: '已开通', terminated: '已关闭' } as const;
export type ContractState = keyof typeof CONTRACT_STATE_LABEL;

/** The contract's table of moves: signing → active when the provider says signed; either → terminated. */
export const CONTRACT_MOVES: Readonly<Record<ContractState, readonly ContractState[]>> = {
  signing: ['active', 'terminated'],
  active: ['terminated'],
  terminated: [],
};

/**
 * Who ended a contract: the shopper (关闭自动续费 in the shop), the provider (解约 in WeChat or Alipay, told
 * by its notification), the operator, or the shop when a signing page was left unsigned too long.
 */
export const CONTRACT_ENDED_BY = ['shopper', 'provider', 'operator', 'abandoned'] as const;
export type ContractEndedBy = (typeof CONTRACT_ENDED_BY)[number];

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
