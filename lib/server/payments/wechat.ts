/**
 * WeChat Pay API v3 through wechatpay-axios-plugin: Native (code_url, shown as a QR code) and H5
 * (h5_url), query, close and refund, and the notification verifier (signature by the
 * key named in Wechatpay-Serial, 5-minute freshness, AES-256-GCM resource, mchid and appid). The
 * plugin signs every request with our merchant key and verifies every answer's signature.
 */
import { Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import { DEFAULT_CURRENCY } from '../../domain/money';
import { NOTIFY_MAX_AGE_S } from './limits';
import { PROVIDER_HTTP_TIMEOUT_MS } from '../limits';
import { wechatConfig, notifyUrl, type WechatConfig } from './config';
import { rfc3339Beijing } from './beijing-time';
import { NotificationRejected, ProviderError, type CreateTrade, type ProviderTrade, type RefundRequest, type RefundState, type VerifiedNotification } from './types';
import { decryptWechatResource, rsaKey, verifyWechatBody, type WechatResource } from './wechat-crypto';

type Client = InstanceType<typeof Wechatpay>;

let client: { key: string; api: Client; cfg: WechatConfig } | null = null;

/** The signing client and the configuration it was made from (also for wechat-papay.ts). */
export function api(): { api: Client; cfg: WechatConfig } {
  const cfg = wechatConfig();
  const key = `${cfg.baseURL}|${cfg.mchid}|${cfg.merchantSerial}`;
  if (client?.key !== key) {
    const wx = new Wechatpay({
      mchid: cfg.mchid,
      serial: cfg.merchantSerial,
      // KeyObjects, not PEM text: the plugin would parse the text again for every request it signs.
      privateKey: rsaKey(cfg.merchantPrivateKey, Rsa.KEY_TYPE_PRIVATE),
      certs: Object.fromEntries(Object.entries(cfg.platformKeys).map(([id, pem]) => [id, rsaKey(pem, Rsa.KEY_TYPE_PUBLIC)])),
      baseURL: cfg.baseURL,
      timeout: PROVIDER_HTTP_TIMEOUT_MS,
    } as unknown as ConstructorParameters<typeof Wechatpay>[0]); // its types say string | Buffer; it takes KeyObjects too (decorator.js checks Rsa.isKeyObject)
    client = { key, api: wx, cfg };
  }
  return { api: client.api, cfg: client.cfg };
}

/** The plugin's answers are axios responses whose body is typed like the request's: say what comes back. */
type Answer<T> = { data: T };

export type AxiosLikeError = { response?: { status?: number; data?: { code?: string; message?: string } }; message?: string };

export function wrap(err: unknown): ProviderError {
  const e = err as AxiosLikeError;
  const code = e.response?.data?.code;
  return new ProviderError('wechat', `${e.response?.status ?? 'network'} ${code ?? ''} ${e.response?.data?.message ?? e.message ?? ''}`.trim(), code);
}

type WechatTransaction = {
  appid?: string;
  mchid?: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_state: string;
  success_time?: string;
  amount?: { total: number; payer_total?: number; currency?: string };
};

function toTrade(t: WechatTransaction): ProviderTrade {
  switch (t.trade_state) {
    case 'SUCCESS':
    case 'REFUND': // a refunded trade was paid (though we only ask about unsettled ones)
      return { state: 'succeeded', transactionId: t.transaction_id ?? '', amountFen: t.amount?.total ?? -1, paidAt: t.success_time ? new Date(t.success_time) : new Date() };
    case 'NOTPAY':
    case 'USERPAYING':
      return { state: 'pending' };
    case 'CLOSED':
    case 'REVOKED':
      return { state: 'closed' };
    default: // PAYERROR
      return { state: 'failed' };
  }
}

function baseOrder(cfg: WechatConfig, t: CreateTrade) {
  return {
    appid: cfg.appid,
    mchid: cfg.mchid,
    description: t.description.slice(0, 127),
    out_trade_no: t.paymentNo,
    time_expire: rfc3339Beijing(t.expiresAt),
    notify_url: notifyUrl('wechat'),
    amount: { total: t.amountFen, currency: DEFAULT_CURRENCY },
  };
}

export const wechatPay = {
  async createNative(t: CreateTrade): Promise<{ codeUrl: string }> {
    const { api: wx, cfg } = api();
    try {
      const { data } = (await wx.v3.pay.transactions.native.post(baseOrder(cfg, t))) as Answer<{ code_url: string }>;
      return { codeUrl: String(data.code_url) };
    } catch (err) {
      throw wrap(err);
    }
  },

  async createH5(t: CreateTrade): Promise<{ h5Url: string }> {
    const { api: wx, cfg } = api();
    try {
      const { data } = (await wx.v3.pay.transactions.h5.post({
        ...baseOrder(cfg, t),
        scene_info: { payer_client_ip: t.clientIp, h5_info: { type: 'Wap' } },
      })) as Answer<{ h5_url: string }>;
      // After paying, WeChat sends the browser to redirect_url (appended by the merchant, URL-encoded).
      return { h5Url: `${data.h5_url}&redirect_url=${encodeURIComponent(t.returnUrl)}` };
    } catch (err) {
      throw wrap(err);
    }
  },

  async query(paymentNo: string): Promise<ProviderTrade> {
    const { api: wx, cfg } = api();
    try {
      const { data } = await wx.v3.pay.transactions.outTradeNo._out_trade_no_.get({ params: { mchid: cfg.mchid }, out_trade_no: paymentNo });
      const t = data as WechatTransaction;
      if (t.out_trade_no !== paymentNo || (t.mchid && t.mchid !== cfg.mchid)) throw new ProviderError('wechat', 'query answered for another trade');
      return toTrade(t);
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      const e = err as AxiosLikeError;
      if (e.response?.status === 404 || e.response?.data?.code === 'ORDER_NOT_EXIST') return { state: 'not_found' };
      throw wrap(err);
    }
  },

  /** Closes an unpaid trade. A trade that was paid in the meantime cannot be closed: the caller queries it. */
  async close(paymentNo: string): Promise<void> {
    const { api: wx, cfg } = api();
    try {
      await wx.v3.pay.transactions.outTradeNo._out_trade_no_.close.post({ mchid: cfg.mchid }, { out_trade_no: paymentNo });
    } catch (err) {
      const e = err as AxiosLikeError;
      if (e.response?.status === 404) return; // never created there: nothing to close
      throw wrap(err);
    }
  },

  async refund(r: RefundRequest): Promise<RefundState> {
    const { api: wx } = api();
    try {
      const { data } = (await wx.v3.refund.domestic.refunds.post({
        out_trade_no: r.paymentNo,
        out_refund_no: r.refundNo,
        reason: r.reason.slice(0, 80),
        notify_url: notifyUrl('wechat'),
        amount: { refund: r.refundFen, total: r.totalFen, currency: DEFAULT_CURRENCY },
      })) as Answer<{ status: string }>;
      return refundState(String(data.status));
    } catch (err) {
      throw wrap(err);
    }
  },

  /**
   * Verifies a payment or refund notification (openWechatNotification), and our appid inside a
   * payment's. Throws NotificationRejected otherwise.
   */
  verifyNotification(headers: Headers, rawBody: string, now = Date.now()): VerifiedNotification {
    const { envelope, plain, cfg } = openWechatNotification(headers, rawBody, now);
    if (envelope.event_type.startsWith('REFUND.')) {
      const state: RefundState = envelope.event_type === 'REFUND.SUCCESS' ? 'succeeded' : envelope.event_type === 'REFUND.PROCESSING' ? 'processing' : 'failed';
      return { kind: 'refund', eventId: envelope.id, paymentNo: String(plain.out_trade_no ?? ''), refundNo: String(plain.out_refund_no ?? ''), state };
    }
    if (plain.appid !== cfg.appid) throw new NotificationRejected('appid mismatch');
    const t = plain as unknown as WechatTransaction;
    return { kind: 'payment', eventId: envelope.id, paymentNo: String(t.out_trade_no ?? ''), trade: toTrade(t), appId: String(plain.appid), merchantId: String(plain.mchid) };
  },
};

/**
 * Opens any notification of WeChat Pay (payments, refunds, 委托代扣 contracts): Wechatpay-Signature over
 * timestamp, nonce and the raw body with the key chosen by Wechatpay-Serial, a timestamp within 5
 * minutes, the AES-256-GCM resource decrypted with the APIv3 key, and our mchid inside. Throws
 * NotificationRejected otherwise.
 */
export function openWechatNotification(
  headers: Headers,
  rawBody: string,
  now = Date.now(),
): { envelope: { id: string; event_type: string }; plain: Record<string, unknown>; cfg: WechatConfig } {
  const cfg = wechatConfig();
  const timestamp = headers.get('wechatpay-timestamp') ?? '';
  const nonce = headers.get('wechatpay-nonce') ?? '';
  const serial = headers.get('wechatpay-serial') ?? '';
  const signature = headers.get('wechatpay-signature') ?? '';
  if (!timestamp || !nonce || !serial || !signature) throw new NotificationRejected('missing signature headers');
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > NOTIFY_MAX_AGE_S) throw new NotificationRejected('stale timestamp');
  const publicKeyPem = Object.hasOwn(cfg.platformKeys, serial) ? cfg.platformKeys[serial] : null;
  if (!publicKeyPem) throw new NotificationRejected('unknown Wechatpay-Serial');
  if (!verifyWechatBody({ timestamp, nonce, body: rawBody, signature, publicKeyPem })) throw new NotificationRejected('bad signature');

  let envelope: { id?: string; event_type?: string; resource?: WechatResource };
  try {
    envelope = JSON.parse(rawBody);
  } catch {
    throw new NotificationRejected('body is not JSON');
  }
  if (!envelope.id || !envelope.event_type || !envelope.resource) throw new NotificationRejected('incomplete notification');
  let plain: Record<string, unknown>;
  try {
    plain = JSON.parse(decryptWechatResource(envelope.resource, cfg.apiV3Key));
  } catch {
    throw new NotificationRejected('resource does not decrypt');
  }
  if (plain.mchid !== cfg.mchid) throw new NotificationRejected('mchid mismatch');
  return { envelope: { id: envelope.id, event_type: envelope.event_type }, plain, cfg };
}

function refundState(status: string): RefundState {
  if (status === 'SUCCESS') return 'succeeded';
  if (status === 'PROCESSING') return 'processing';
  return 'failed'; // CLOSED, ABNORMAL
}
