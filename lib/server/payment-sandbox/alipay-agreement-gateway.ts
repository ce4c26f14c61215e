/**
 * The demo Alipay's 周期扣款 calls (the request already signature-checked by alipay-gateway.ts): the signing
 * page (alipay.user.agreement.page.sign, opened by the shopper's browser, lands on the demo phone), 解约
 * (alipay.user.agreement.unsign) and a charge on a signed agreement (alipay.trade.pay with agreement_params:
 * paid at once and notified a moment later, or refused for 余额不足 while the demo's switch is on).
 */
import { fenToYuanString, yuanStringToFen } from '../../domain/money';
import { absoluteUrl } from '../../site';
import { alipayTime } from '../payments/beijing-time';
import { demoKeys } from '../payments/demo-keys';
import { fail, htmlError, ok } from './alipay-answer';
import { contractById, createContract, moveContract } from './contract-store';
import { notifyChargeLater } from './contract-deliver';
import { createTrade, isPaid, payTrade } from './store';

export const AGREEMENT_PAGE_METHOD = 'alipay.user.agreement.page.sign';

type SignBiz = {
  personal_product_code?: string;
  external_agreement_no?: string;
  external_logon_id?: string;
  subject?: string;
  period_rule_params?: { single_amount?: string };
};

async function pageSign(f: Record<string, string>, biz: SignBiz): Promise<Response> {
  const k = demoKeys().alipay;
  if (biz.personal_product_code !== 'CYCLE_PAY_AUTH_P') return htmlError('不支持的个人签约产品码');
  if (!biz.external_agreement_no || !/^[A-Za-z0-9]{1,32}$/.test(biz.external_agreement_no)) return htmlError('缺少或无效的商户签约号');
  if (!f.notify_url || !/^https?:\/\//.test(f.notify_url)) return htmlError('缺少异步通知地址');
  const c = await createContract('alipay', {
    merchantId: k.appId,
    outContractCode: biz.external_agreement_no,
    plan: biz.personal_product_code,
    displayAccount: (biz.external_logon_id ?? '支付宝用户').slice(0, 64),
    description: (biz.subject ?? '周期扣款').slice(0, 256),
    amountFen: yuanStringToFen(biz.period_rule_params?.single_amount),
    notifyUrl: f.notify_url,
    returnUrl: f.return_url || null,
  });
  if (c.status !== 'PENDING') return htmlError('该签约号已签约或已关闭，请回到商城重新开通');
  return new Response(null, { status: 303, headers: { location: absoluteUrl(`/sandbox/alipay/agreement/${c.ref}`) } });
}

async function unsign(method: string, biz: { agreement_no?: string }): Promise<Response> {
  const k = demoKeys().alipay;
  const c = biz.agreement_no ? await contractById('alipay', k.appId, biz.agreement_no) : null;
  if (!c || c.status === 'PENDING' || c.status === 'CANCELLED') return fail(method, '40004', 'USER_AGREEMENT_NOT_EXIST', '用户协议不存在');
  if (c.status === 'SIGNED') await moveContract(c.id, 'SIGNED', 'TERMINATED');
  return ok(method, {});
}

type PayBiz = { out_trade_no?: string; total_amount?: string; subject?: string; agreement_params?: { agreement_no?: string } };

async function pay(method: string, f: Record<string, string>, biz: PayBiz): Promise<Response> {
  const k = demoKeys().alipay;
  const fen = yuanStringToFen(biz.total_amount);
  if (!biz.out_trade_no || !/^[A-Za-z0-9_]{1,64}$/.test(biz.out_trade_no) || fen === null || fen <= 0 || !biz.subject)
    return fail(method, '40002', 'isv.invalid-parameter', '参数无效');
  const agreementNo = biz.agreement_params?.agreement_no;
  if (!agreementNo) return fail(method, '40004', 'ACQ.PAYMENT_AUTH_CODE_INVALID', '缺少代扣协议号');
  const c = await contractById('alipay', k.appId, agreementNo);
  if (!c || c.status !== 'SIGNED') return fail(method, '40004', 'ACQ.AGREEMENT_NOT_EXIST', '用户协议不存在或已解约');
  if (c.balanceShort) return fail(method, '40004', 'ACQ.BUYER_BALANCE_NOT_ENOUGH', '买家余额不足');
  const t = await createTrade('alipay', {
    merchantId: k.appId,
    appId: k.appId,
    outTradeNo: biz.out_trade_no,
    tradeType: 'CYCLE',
    description: biz.subject.slice(0, 256),
    amountFen: fen,
    notifyUrl: f.notify_url ?? '',
    returnUrl: null,
    expiresAt: null,
  });
  if (t.amountFen !== fen) return fail(method, '40004', 'ACQ.TRADE_HAS_SUCCESS', '商户订单号重复');
  if (isPaid(t)) return fail(method, '40004', 'ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
  const paid = await payTrade(t.id);
  if (paid && /^https?:\/\//.test(paid.notifyUrl)) notifyChargeLater(paid);
  const done = paid ?? t;
  return ok(method, {
    trade_no: done.tradeNo,
    out_trade_no: done.outTradeNo,
    total_amount: fenToYuanString(done.amountFen),
    gmt_payment: alipayTime(done.paidAt ?? new Date()),
  });
}

/** The answer to one 周期扣款 call, or null when `method` is not one of them. */
export async function agreementGateway(method: string, f: Record<string, string>, biz: Record<string, unknown>): Promise<Response | null> {
  if (method === AGREEMENT_PAGE_METHOD) return pageSign(f, biz as SignBiz);
  if (method === 'alipay.user.agreement.unsign') return unsign(method, biz as { agreement_no?: string });
  if (method === 'alipay.trade.pay') return pay(method, f, biz as PayBiz);
  return null;
}
