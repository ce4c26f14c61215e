/**
 * How the demo gateways tell the shop: WeChat Pay posts a signed JSON envelope with an AES-256-GCM
 * encrypted resource; Alipay posts signed form fields. Each notification is delivered once, now; a
 * lost one is what the shop's status query is for.
 */
import { randomUUID } from 'node:crypto';
import { PROVIDER_HTTP_TIMEOUT_MS } from '../limits';
import { DEFAULT_CURRENCY, fenToYuanString } from '../../domain/money';
import { log } from '../log';
import { demoKeys } from '../payments/demo-keys';
import { alipayTime, rfc3339Beijing } from '../payments/beijing-time';
import { encryptWechatResource, signWechatBody } from '../payments/wechat-crypto';
import { alipaySignFields } from './alipay-sign';
import { isExpired, isPaid, type SandboxRefund, type SandboxTrade } from './store';

export async function post(url: string, init: RequestInit): Promise<{ status: number; text: string } | null> {
  try {
    const res = await fetch(url, { ...init, method: 'POST', signal: AbortSignal.timeout(PROVIDER_HTTP_TIMEOUT_MS) });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    log.warn({ url, err: String(err) }, 'sandbox notification not delivered');
    return null;
  }
}

export function wechatTransaction(t: SandboxTrade) {
  const paid = isPaid(t);
  return {
    appid: t.appId,
    mchid: t.merchantId,
    out_trade_no: t.outTradeNo,
    transaction_id: paid ? t.tradeNo : undefined,
    trade_type: t.tradeType,
    trade_state: isExpired(t, new Date()) ? 'CLOSED' : t.status,
    trade_state_desc: { NOTPAY: '未支付', SUCCESS: '支付成功', CLOSED: '已关闭', REFUND: '转入退款', PAYERROR: '余额不足' }[t.status] ?? t.status,
    bank_type: paid ? 'OTHERS' : undefined,
    success_time: paid && t.paidAt ? rfc3339Beijing(t.paidAt) : undefined,
    payer: paid ? { openid: 'oSandbox_' + t.tradeNo.slice(-12) } : undefined,
    amount: { total: t.amountFen, payer_total: paid ? t.amountFen : undefined, currency: DEFAULT_CURRENCY, payer_currency: DEFAULT_CURRENCY },
  };
}

export async function sendWechat(url: string, eventType: string, summary: string, originalType: string, plain: object) {
  const k = demoKeys().wechat;
  const body = JSON.stringify({
    id: randomUUID(),
    create_time: rfc3339Beijing(new Date()),
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary,
    resource: encryptWechatResource(JSON.stringify(plain), k.apiV3Key, originalType, originalType),
  });
  const headers = signWechatBody(body, k.platformPrivateKey, k.platformKeyId);
  const res = await post(url, { headers: { 'content-type': 'application/json', ...headers }, body });
  log.info({ eventType, status: res?.status }, 'sandbox wechat notification');
  return res;
}

export function notifyWechatPaid(t: SandboxTrade) {
  return sendWechat(t.notifyUrl, 'TRANSACTION.SUCCESS', '支付成功', 'transaction', wechatTransaction(t));
}

export function notifyWechatRefund(t: SandboxTrade, r: SandboxRefund, notifyUrl: string) {
  return sendWechat(notifyUrl, 'REFUND.SUCCESS', '退款成功', 'refund', {
    mchid: t.merchantId,
    out_trade_no: t.outTradeNo,
    transaction_id: t.tradeNo,
    out_refund_no: r.refundNo,
    refund_id: r.refundId,
    refund_status: 'SUCCESS',
    success_time: rfc3339Beijing(r.settledAt ?? new Date()),
    amount: { total: t.amountFen, refund: r.amountFen, payer_total: t.amountFen, payer_refund: r.amountFen },
  });
}

/** The fields of Alipay's trade_status_sync notification, signed with Alipay's key. */
export function alipayPaidFields(t: SandboxTrade): Record<string, string> {
  const fields: Record<string, string> = {
    notify_time: alipayTime(new Date()),
    notify_type: 'trade_status_sync',
    notify_id: randomUUID().replace(/-/g, ''),
    app_id: t.appId,
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    trade_no: t.tradeNo,
    out_trade_no: t.outTradeNo,
    buyer_id: '2088' + t.tradeNo.slice(-12),
    seller_id: t.merchantId,
    trade_status: 'TRADE_SUCCESS',
    total_amount: fenToYuanString(t.amountFen),
    receipt_amount: fenToYuanString(t.amountFen),
    buyer_pay_amount: fenToYuanString(t.amountFen),
    subject: t.description,
    gmt_create: alipayTime(t.createdAt),
    gmt_payment: alipayTime(t.paidAt ?? new Date()),
  };
  return alipaySignFields(fields, demoKeys().alipay.alipayPrivateKey, 'notify');
}

export async function notifyAlipayPaid(t: SandboxTrade) {
  const res = await post(t.notifyUrl, {
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: new URLSearchParams(alipayPaidFields(t)).toString(),
  });
  log.info({ status: res?.status, answer: res?.text.slice(0, 20) }, 'sandbox alipay notification');
  return res;
}
