/**
 * The demo Alipay open gateway (/sandbox/alipay/gateway.do), answering as the real one does for the
 * calls the shop makes: page and wap pay (the browser's auto-submitted form → the cashier page),
 * trade query, close and refund, and 周期扣款 (alipay-agreement-gateway.ts). Every request must carry a valid RSA2 signature of
 * our application key; every answer is signed with Alipay's key.
 */
import { fenToYuanString, yuanStringToFen } from '../../domain/money';
import { absoluteUrl } from '../../site';
import { readCappedBody } from '../http/envelope';
import { demoKeys } from '../payments/demo-keys';
import { alipayTime, parseAlipayTime } from '../payments/beijing-time';
import { alipaySignContent, alipayVerify } from './alipay-sign';
import { fail, htmlError, ok } from './alipay-answer';
import { AGREEMENT_PAGE_METHOD, agreementGateway } from './alipay-agreement-gateway';
import { tooLarge } from './guard';
import { closeTrade, createTrade, findRefund, findTrade, finishRefund, refundedOf, startRefund, type SandboxTrade } from './store';

const PAGE_METHODS: Record<string, string> = { 'alipay.trade.page.pay': 'PAGE', 'alipay.trade.wap.pay': 'WAP' };

/** The query and form fields of a call, or null when its body is over the cap. */
async function readFields(req: Request): Promise<Record<string, string> | null> {
  const fields: Record<string, string> = Object.fromEntries(new URL(req.url).searchParams);
  if (req.method === 'POST') {
    const text = await readCappedBody(req);
    if (text === null) return null;
    for (const [k, v] of new URLSearchParams(text)) fields[k] = v;
  }
  return fields;
}

function tradeView(t: SandboxTrade) {
  const status = t.status === 'SUCCESS' ? 'TRADE_SUCCESS' : t.status === 'NOTPAY' ? 'WAIT_BUYER_PAY' : 'TRADE_CLOSED';
  return {
    trade_no: t.tradeNo,
    out_trade_no: t.outTradeNo,
    trade_status: status,
    total_amount: fenToYuanString(t.amountFen),
    buyer_logon_id: t.paidAt ? '159****0909' : undefined,
    send_pay_date: t.paidAt ? alipayTime(t.paidAt) : undefined,
  };
}

type Biz = { out_trade_no?: string; total_amount?: string; subject?: string; product_code?: string; time_expire?: string; refund_amount?: string; out_request_no?: string };

export async function alipayGateway(req: Request): Promise<Response> {
  const k = demoKeys().alipay;
  const f = await readFields(req);
  if (!f) return tooLarge();
  const method = f.method ?? '';
  const browser = method in PAGE_METHODS || method === AGREEMENT_PAGE_METHOD;
  const reject = (subCode: string, subMsg: string) => (browser ? htmlError(subMsg) : fail(method || 'error', '40002', subCode, subMsg));

  if (f.app_id !== k.appId) return reject('isv.invalid-app-id', '无效的 AppID 参数');
  if (f.sign_type !== 'RSA2' || !f.sign || !alipayVerify(alipaySignContent(f, 'request'), f.sign, k.appPublicKey))
    return reject('isv.invalid-signature', '验签出错，请确认签名是否正确');
  // Alipay reads the timestamp as Beijing time, whatever the time zone of the server that wrote it.
  const sentAt = parseAlipayTime(f.timestamp);
  if (!sentAt || Math.abs(Date.now() - sentAt.getTime()) > 30 * 60_000) return reject('isv.invalid-timestamp', '非法的时间戳参数');

  let biz: Biz;
  try {
    biz = JSON.parse(f.biz_content ?? '{}');
  } catch {
    return reject('isv.invalid-parameter', 'biz_content 不是有效的 JSON');
  }
  const agreement = await agreementGateway(method, f, biz);
  if (agreement) return agreement;
  const outTradeNo = biz.out_trade_no ?? '';
  if (!/^[A-Za-z0-9_]{1,64}$/.test(outTradeNo)) return reject('isv.missing-out-trade-no', '缺少或无效的商户订单号');

  if (browser) return startPagePay(PAGE_METHODS[method], f, biz);

  const t = await findTrade('alipay', k.appId, outTradeNo);
  switch (method) {
    case 'alipay.trade.query':
      return t ? ok(method, tradeView(t)) : fail(method, '40004', 'ACQ.TRADE_NOT_EXIST', '交易不存在');
    case 'alipay.trade.close':
      if (!t) return fail(method, '40004', 'ACQ.TRADE_NOT_EXIST', '交易不存在');
      if (t.status !== 'NOTPAY' && t.status !== 'CLOSED') return fail(method, '40004', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      await closeTrade(t.id);
      return ok(method, { trade_no: t.tradeNo, out_trade_no: t.outTradeNo });
    case 'alipay.trade.refund': {
      if (!t) return fail(method, '40004', 'ACQ.TRADE_NOT_EXIST', '交易不存在');
      const fen = yuanStringToFen(biz.refund_amount);
      // Without out_request_no Alipay takes the trade's own number: one refund of the trade.
      const requestNo = biz.out_request_no ?? outTradeNo;
      if (fen === null || fen <= 0 || !/^[A-Za-z0-9_]{1,64}$/.test(requestNo)) return fail(method, '40004', 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
      const started = await startRefund(t.id, requestNo, fen, null);
      if (started === 'not_paid') return fail(method, '40004', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      if (started === 'exceeds' || started === 'amount_differs') return fail(method, '40004', 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
      // Alipay refunds at once: the first answer says the money moved (fund_change Y); a repeat of the
      // same out_request_no says N, as Alipay does, and the refund query tells the outcome. A repeat also
      // finishes a refund that a crash left between the two steps (finishRefund is guarded).
      const moved = Boolean(await finishRefund(started.refund.id));
      return ok(method, {
        trade_no: t.tradeNo,
        out_trade_no: t.outTradeNo,
        fund_change: moved && !started.repeat ? 'Y' : 'N',
        refund_fee: fenToYuanString(await refundedOf(t.id)),
        gmt_refund_pay: alipayTime(new Date()),
      });
    }
    case 'alipay.trade.fastpay.refund.query': {
      if (!t) return fail(method, '40004', 'ACQ.TRADE_NOT_EXIST', '交易不存在');
      const r = await findRefund(t.id, biz.out_request_no ?? outTradeNo);
      // Alipay answers an unknown refund with success and no refund fields.
      if (!r) return ok(method, { trade_no: t.tradeNo, out_trade_no: t.outTradeNo });
      return ok(method, {
        trade_no: t.tradeNo,
        out_trade_no: t.outTradeNo,
        out_request_no: r.refundNo,
        total_amount: fenToYuanString(t.amountFen),
        refund_amount: fenToYuanString(r.amountFen),
        refund_status: r.status === 'SUCCESS' ? 'REFUND_SUCCESS' : undefined,
      });
    }
    default:
      return fail('error', '40002', 'isv.invalid-method', '不存在的方法名');
  }
}

async function startPagePay(tradeType: string, f: Record<string, string>, biz: Biz): Promise<Response> {
  const k = demoKeys().alipay;
  const fen = yuanStringToFen(biz.total_amount);
  if (fen === null || fen <= 0) return htmlError('订单金额不合法');
  if (!biz.subject) return htmlError('缺少订单标题');
  if (!f.notify_url || !/^https?:\/\//.test(f.notify_url)) return htmlError('缺少异步通知地址');
  const t = await createTrade('alipay', {
    merchantId: k.appId,
    appId: k.appId,
    outTradeNo: biz.out_trade_no!,
    tradeType,
    description: biz.subject.slice(0, 256),
    amountFen: fen,
    notifyUrl: f.notify_url,
    returnUrl: f.return_url || null,
    expiresAt: parseAlipayTime(biz.time_expire),
  });
  if (t.amountFen !== fen) return htmlError('商户订单号重复，且金额与原交易不一致');
  return new Response(null, { status: 303, headers: { location: absoluteUrl(`/sandbox/alipay/cashier/${t.ref}`) } });
}
