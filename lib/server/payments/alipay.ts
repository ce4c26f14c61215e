/**
 * Alipay through the official alipay-sdk: page pay (desktop) and wap pay (mobile) as the SDK's
 * auto-submitting form, trade query, close and refund (every answer's signature checked with
 * Alipay's public key), and the notification verifier (checkNotifySignV2, app_id,
 * trade status) with its freshness (notify_time). Amounts are yuan with two decimals, made from fen.
 */
import { AlipaySdk } from 'alipay-sdk';
import { NOTIFY_MAX_AGE_S } from './limits';
import { PROVIDER_HTTP_TIMEOUT_MS } from '../limits';
import { fenToYuanString, yuanStringToFen } from '../../domain/money';
import { alipayConfig, notifyUrl, type AlipayConfig } from './config';
import { alipayTime, parseAlipayTime } from './beijing-time';
import { NotificationRejected, ProviderError, type CreateTrade, type ProviderTrade, type RefundRequest, type RefundState, type VerifiedNotification } from './types';

let client: { key: string; sdk: AlipaySdk; cfg: AlipayConfig } | null = null;

/** The SDK and the configuration it was made from (also for alipay-agreement.ts). */
export function sdk(): { sdk: AlipaySdk; cfg: AlipayConfig } {
  const cfg = alipayConfig();
  const key = `${cfg.gateway}|${cfg.appId}`;
  if (client?.key !== key) {
    const s = new AlipaySdk({
      appId: cfg.appId,
      privateKey: cfg.privateKey,
      keyType: 'PKCS8',
      alipayPublicKey: cfg.alipayPublicKey,
      gateway: cfg.gateway,
      timeout: PROVIDER_HTTP_TIMEOUT_MS,
    });
    client = { key, sdk: s, cfg };
  }
  return { sdk: client.sdk, cfg: client.cfg };
}

export type AlipayResult = { code?: string; msg?: string; subCode?: string; subMsg?: string; [k: string]: unknown };

/**
 * The request's `timestamp`, in Beijing time as Alipay reads it. Without it alipay-sdk writes the
 * server's local time, which Alipay refuses when the server does not run on Beijing time.
 */
export const requestTime = () => alipayTime(new Date());

/** One call of the open API, its answer's signature checked; `extra` are public parameters (notify_url …). */
export async function exec(method: string, bizContent: Record<string, unknown>, extra: Record<string, string> = {}): Promise<AlipayResult> {
  try {
    return (await sdk().sdk.exec(method, { bizContent, timestamp: requestTime(), ...extra }, { validateSign: true })) as AlipayResult;
  } catch (err) {
    throw new ProviderError('alipay', `${method}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

export const failed = (method: string, r: AlipayResult) => new ProviderError('alipay', `${method}: ${r.code} ${r.subCode ?? ''} ${r.subMsg ?? r.msg ?? ''}`.trim(), r.subCode);

export const alipay = {
  /** The SDK's auto-submitting HTML form that takes the browser to Alipay's cashier. */
  payForm(t: CreateTrade, device: 'page' | 'wap'): string {
    const bizContent: Record<string, unknown> = {
      out_trade_no: t.paymentNo,
      total_amount: fenToYuanString(t.amountFen),
      subject: t.description,
      product_code: device === 'page' ? 'FAST_INSTANT_TRADE_PAY' : 'QUICK_WAP_WAY',
      time_expire: alipayTime(t.expiresAt),
    };
    if (device === 'wap') bizContent.quit_url = t.returnUrl;
    return sdk().sdk.pageExecute(device === 'page' ? 'alipay.trade.page.pay' : 'alipay.trade.wap.pay', 'POST', {
      bizContent,
      timestamp: requestTime(),
      returnUrl: t.returnUrl,
      notifyUrl: notifyUrl('alipay'),
    });
  },

  async query(paymentNo: string): Promise<ProviderTrade> {
    const r = await exec('alipay.trade.query', { out_trade_no: paymentNo });
    if (r.code === '40004' && r.subCode === 'ACQ.TRADE_NOT_EXIST') return { state: 'not_found' };
    if (r.code !== '10000') throw failed('alipay.trade.query', r);
    if (r.outTradeNo !== paymentNo) throw new ProviderError('alipay', 'query answered for another trade');
    return toTrade(String(r.tradeStatus), String(r.tradeNo ?? ''), String(r.totalAmount ?? ''), String(r.sendPayDate ?? ''));
  },

  /** Closes an unpaid trade; one the buyer never opened does not exist there, which is as good. */
  async close(paymentNo: string): Promise<void> {
    const r = await exec('alipay.trade.close', { out_trade_no: paymentNo });
    if (r.code === '10000' || r.subCode === 'ACQ.TRADE_NOT_EXIST') return;
    throw failed('alipay.trade.close', r);
  },

  async refund(req: RefundRequest): Promise<RefundState> {
    const r = await exec('alipay.trade.refund', {
      out_trade_no: req.paymentNo,
      refund_amount: fenToYuanString(req.refundFen),
      out_request_no: req.refundNo,
      refund_reason: req.reason.slice(0, 80),
    });
    if (r.code !== '10000') throw failed('alipay.trade.refund', r);
    if (r.fundChange === 'Y') return 'succeeded';
    // A repeat of the same out_request_no answers fund_change N though the money moved the first time:
    // the refund query says whether this refund went through.
    const q = await exec('alipay.trade.fastpay.refund.query', { out_trade_no: req.paymentNo, out_request_no: req.refundNo });
    if (q.code !== '10000') throw failed('alipay.trade.fastpay.refund.query', q);
    return q.refundStatus === 'REFUND_SUCCESS' ? 'succeeded' : 'processing';
  },

  /**
   * Verifies an asynchronous notification (form fields): the signature, its age (notify_time, as for
   * WeChat's timestamp: a genuine notification replayed later is refused before it touches anything;
   * a payment whose every notification was refused is settled by the trade query of the status poll
   * and the sweep), our app_id, a known trade status.
   */
  verifyNotification(fields: Record<string, string>, now = Date.now()): VerifiedNotification {
    checkAlipayNotification(fields, now);
    if (!fields.notify_id || !fields.out_trade_no || !fields.trade_status) throw new NotificationRejected('incomplete notification');
    return {
      kind: 'payment',
      eventId: fields.notify_id,
      paymentNo: fields.out_trade_no,
      trade: toTrade(fields.trade_status, fields.trade_no ?? '', fields.total_amount ?? '', fields.gmt_payment ?? ''),
      appId: fields.app_id,
      merchantId: fields.seller_id ?? null,
    };
  },
};

/** Every Alipay notification's checks: the signature, its age (notify_time), our app_id. Throws NotificationRejected. */
export function checkAlipayNotification(fields: Record<string, string>, now: number): void {
  const { sdk: s, cfg } = sdk();
  if (!fields.sign || !s.checkNotifySignV2(fields)) throw new NotificationRejected('bad signature');
  const sent = parseAlipayTime(fields.notify_time);
  if (!sent || Math.abs(now - sent.getTime()) > NOTIFY_MAX_AGE_S * 1000) throw new NotificationRejected('stale notify_time');
  if (fields.app_id !== cfg.appId) throw new NotificationRejected('app_id mismatch');
}

function toTrade(status: string, tradeNo: string, totalAmount: string, paidAt: string): ProviderTrade {
  if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') {
    return { state: 'succeeded', transactionId: tradeNo, amountFen: yuanStringToFen(totalAmount) ?? -1, paidAt: parseAlipayTime(paidAt) ?? new Date() };
  }
  if (status === 'WAIT_BUYER_PAY') return { state: 'pending' };
  if (status === 'TRADE_CLOSED') return { state: 'closed' };
  return { state: 'failed' };
}
