/**
 * The demo WeChat Pay API v3 (/sandbox/wechat/v3/…), answering as the real one does for the calls
 * the shop makes: Native and H5 orders, query by out_trade_no, close and refund, and 委托代扣
 * (wechat-papay-gateway.ts).
 * Every request must carry a valid merchant signature (Authorization: WECHATPAY2-SHA256-RSA2048 …,
 * checked with the merchant's public key); every answer is signed with the platform key.
 */
import { DEFAULT_CURRENCY } from '../../domain/money';
import { NOTIFY_MAX_AGE_S } from '../payments/limits';
import { RESULT } from '../../api/protocol';
import { absoluteUrl } from '../../site';
import { readCappedBody, TOO_LARGE } from '../http/envelope';
import { log } from '../log';
import { demoKeys } from '../payments/demo-keys';
import { parseAuthorization, signWechatBody, verifyMerchantRequest } from '../payments/wechat-crypto';
import { notifyWechatRefund, wechatTransaction } from './deliver';
import { papayGateway } from './wechat-papay-gateway';
import { closeTrade, createTrade, findTrade, finishRefund, isPaid, startRefund, type SandboxRefund, type SandboxTrade } from './store';

function answer(status: number, body?: object): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  const k = demoKeys().wechat;
  return new Response(status === 204 ? null : text, {
    status,
    headers: { 'content-type': 'application/json', 'request-id': crypto.randomUUID(), ...signWechatBody(text, k.platformPrivateKey, k.platformKeyId) },
  });
}

const error = (status: number, code: string, message: string) => answer(status, { code, message });

const OUT_TRADE_NO = /^[A-Za-z0-9_\-|*]{6,32}$/;

type OrderBody = {
  appid?: string;
  mchid?: string;
  description?: string;
  out_trade_no?: string;
  time_expire?: string;
  notify_url?: string;
  amount?: { total?: number; currency?: string };
  scene_info?: { payer_client_ip?: string; h5_info?: { type?: string } };
};

async function createOrder(kind: 'NATIVE' | 'MWEB', b: OrderBody): Promise<Response> {
  const k = demoKeys().wechat;
  if (b.appid !== k.appid) return error(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
  if (!b.description || !b.out_trade_no || !OUT_TRADE_NO.test(b.out_trade_no) || !b.notify_url || !/^https?:\/\//.test(b.notify_url))
    return error(400, 'PARAM_ERROR', '参数错误');
  const total = b.amount?.total;
  if (!Number.isInteger(total) || (total as number) <= 0 || (b.amount?.currency ?? DEFAULT_CURRENCY) !== DEFAULT_CURRENCY) return error(400, 'PARAM_ERROR', '金额参数错误');
  if (kind === 'MWEB' && !b.scene_info?.payer_client_ip) return error(400, 'PARAM_ERROR', '缺少 scene_info.payer_client_ip');
  const expiresAt = b.time_expire ? new Date(b.time_expire) : null;
  if (expiresAt && Number.isNaN(expiresAt.getTime())) return error(400, 'PARAM_ERROR', 'time_expire 格式错误');

  const t = await createTrade('wechat', {
    merchantId: k.mchid,
    appId: k.appid,
    outTradeNo: b.out_trade_no,
    tradeType: kind,
    description: b.description.slice(0, 127),
    amountFen: total as number,
    notifyUrl: b.notify_url,
    returnUrl: null,
    expiresAt,
  });
  if (t.amountFen !== total || t.tradeType !== kind) return error(400, 'OUT_TRADE_NO_USED', '商户订单号重复');
  if (isPaid(t)) return error(400, 'ORDERPAID', '该订单已支付');
  if (t.status === 'CLOSED') return error(400, 'ORDER_CLOSED', '该订单已关闭');
  const page = absoluteUrl(`/sandbox/wechat/pay/${t.ref}`);
  return kind === 'NATIVE' ? answer(200, { code_url: page }) : answer(200, { h5_url: `${page}?prepay_id=wx${t.tradeNo.slice(-20)}` });
}

async function refund(b: { out_trade_no?: string; out_refund_no?: string; notify_url?: string; amount?: { refund?: number; total?: number } }) {
  const k = demoKeys().wechat;
  if (!b.out_trade_no || !b.out_refund_no || !OUT_TRADE_NO.test(b.out_refund_no) || !b.amount) return error(400, 'PARAM_ERROR', '参数错误');
  const t = await findTrade('wechat', k.mchid, b.out_trade_no);
  if (!t) return error(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
  if (b.amount.total !== t.amountFen) return error(400, 'PARAM_ERROR', '订单金额与原订单不一致');
  const amount = b.amount.refund;
  if (!Number.isInteger(amount) || (amount as number) <= 0) return error(400, 'PARAM_ERROR', '退款金额错误');
  const started = await startRefund(t.id, b.out_refund_no, amount as number, b.notify_url ?? null);
  if (started === 'not_paid') return error(400, 'INVALID_REQUEST', '订单状态不允许退款');
  if (started === 'exceeds') return error(403, 'NOT_ENOUGH', '订单可退金额不足');
  if (started === 'amount_differs') return error(400, 'PARAM_ERROR', '同一退款单号的退款金额不一致');
  // A repeat of a refund still under way (its settling was lost, say in a crash) settles it again, as
  // WeChat Pay does in the end; finishRefund is guarded, so one notification goes out.
  if (started.refund.status === 'PROCESSING' && b.notify_url) settleRefundLater(t, started.refund, b.notify_url);
  return answer(200, refundView(t, started.refund));
}

/** The money goes back a moment later; then the gateway notifies, as the real one does. */
function settleRefundLater(t: SandboxTrade, r: SandboxRefund, notifyUrl: string) {
  setTimeout(async () => {
    try {
      const done = await finishRefund(r.id);
      if (done) await notifyWechatRefund(t, done, notifyUrl);
    } catch (err) {
      log.error({ err: String(err) }, 'sandbox wechat refund failed');
    }
  }, 200).unref?.();
}

function refundView(t: SandboxTrade, r: SandboxRefund) {
  return {
    refund_id: r.refundId,
    out_refund_no: r.refundNo,
    transaction_id: t.tradeNo,
    out_trade_no: t.outTradeNo,
    channel: 'ORIGINAL',
    status: r.status,
    amount: { total: t.amountFen, refund: r.amountFen, currency: DEFAULT_CURRENCY },
  };
}

/** Routes one request; `path` is what follows /sandbox/wechat/ (v3/pay/transactions/native …). */
export async function wechatGateway(req: Request, path: string[]): Promise<Response> {
  const k = demoKeys().wechat;
  const url = new URL(req.url);
  const raw = req.method === 'GET' ? '' : await readCappedBody(req);
  if (raw === null) return error(RESULT.PAYLOAD_TOO_LARGE, 'PARAM_ERROR', TOO_LARGE);
  const auth = parseAuthorization(req.headers.get('authorization'));
  if (!auth || auth.mchid !== k.mchid || auth.serial_no !== k.merchantSerial) return error(401, 'SIGN_ERROR', '签名错误：缺少或无效的 Authorization');
  if (Math.abs(Date.now() / 1000 - Number(auth.timestamp)) > NOTIFY_MAX_AGE_S) return error(401, 'SIGN_ERROR', '签名错误：请求时间戳过期');
  if (!verifyMerchantRequest({ method: req.method, pathAndQuery: `${url.pathname}${url.search}`, body: raw, auth, publicKeyPem: k.merchantPublicKey }))
    return error(401, 'SIGN_ERROR', '签名错误');

  let body: Record<string, unknown> = {};
  try {
    body = raw ? JSON.parse(raw) : {};
  } catch {
    return error(400, 'PARAM_ERROR', '请求体不是 JSON');
  }
  const p = path.join('/');
  if (req.method === 'POST' && p === 'v3/pay/transactions/native') return createOrder('NATIVE', body as OrderBody);
  if (req.method === 'POST' && p === 'v3/pay/transactions/h5') return createOrder('MWEB', body as OrderBody);
  if (req.method === 'POST' && p === 'v3/refund/domestic/refunds') return refund(body);
  const papay = await papayGateway(req.method, p, body);
  if (papay) return answer(papay.status, papay.body);

  let m = /^v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(p);
  if (req.method === 'GET' && m) {
    if (url.searchParams.get('mchid') !== k.mchid) return error(400, 'PARAM_ERROR', 'mchid 错误');
    const t = await findTrade('wechat', k.mchid, decodeURIComponent(m[1]));
    return t ? answer(200, wechatTransaction(t)) : error(404, 'ORDER_NOT_EXIST', '订单不存在');
  }
  m = /^v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(p);
  if (req.method === 'POST' && m) {
    const t = await findTrade('wechat', k.mchid, decodeURIComponent(m[1]));
    if (!t) return error(404, 'ORDER_NOT_EXIST', '订单不存在');
    if (isPaid(t)) return error(400, 'ORDERPAID', '该订单已支付，不能关闭');
    await closeTrade(t.id);
    return answer(204);
  }
  return error(404, 'NOT_FOUND', '接口不存在');
}
