/**
 * What each provider expects back from a payment notification (docs/api.md#payment-notifications):
 * the service says what became of it, these put that in the provider's format. A notification that
 * is not answered as taken is sent again by the provider.
 */
import type { ProviderName } from '../payments/types';

export type NotifyReply = { status: number; body: string | null; contentType: string };

/**
 * What became of a notification: taken (applied, or a replay of one), refused at verification
 * (forged, stale, wrong merchant), or verified but not applicable (unknown payment, wrong amount).
 */
type NotifyVerdict = 'taken' | 'unverified' | 'unknown_payment' | 'amount_mismatch';

/** WeChat Pay v3: 204 without a body when taken; otherwise 4xx with {"code":"FAIL","message"}. */
function wechatReply(verdict: NotifyVerdict): NotifyReply {
  if (verdict === 'taken') return { status: 204, body: null, contentType: 'text/plain' };
  const [status, message] = verdict === 'unverified' ? [401, '验签失败'] : verdict === 'amount_mismatch' ? [400, '金额不一致'] : [400, '订单不存在'];
  return { status, body: JSON.stringify({ code: 'FAIL', message }), contentType: 'application/json' };
}

/** Alipay: the text `success` when taken, `fail` otherwise. */
function alipayReply(verdict: NotifyVerdict): NotifyReply {
  const taken = verdict === 'taken';
  return { status: taken ? 200 : 400, body: taken ? 'success' : 'fail', contentType: 'text/plain; charset=utf-8' };
}

export const NOTIFY_REPLY: Record<ProviderName, (verdict: NotifyVerdict) => NotifyReply> = { wechat: wechatReply, alipay: alipayReply };
