/**
 * The demo WeChat Pay's 委托代扣 calls (APIv3, the request already signature-checked by wechat-gateway.ts):
 * pre-entrust-sign (the signing page on the demo phone), 解约 by contract_id, and 申请扣款 on a signed
 * contract (accepted at once, paid or refused for 余额不足 a moment later, then notified).
 */
import { DEFAULT_CURRENCY } from '../../domain/money';
import { absoluteUrl } from '../../site';
import { demoKeys } from '../payments/demo-keys';
import { DEMO_PAPAY_PLAN_ID } from '../payments/config';
import { contractById, createContract, moveContract } from './contract-store';
import { notifyChargeLater } from './contract-deliver';
import { createTrade, failTrade, isPaid, payTrade } from './store';

type Reply = { status: number; body?: object };
const error = (status: number, code: string, message: string): Reply => ({ status, body: { code, message } });

type SignBody = {
  appid?: string;
  plan_id?: number;
  out_contract_code?: string;
  contract_display_account?: string;
  contract_notify_url?: string;
  return_url?: string;
  deduct_schedule?: { estimated_deduct_amount?: { total?: number }; deduct_description?: string };
};

async function preEntrustSign(b: SignBody): Promise<Reply> {
  const k = demoKeys().wechat;
  if (b.appid !== k.appid) return error(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
  if (b.plan_id !== DEMO_PAPAY_PLAN_ID) return error(400, 'PARAM_ERROR', '委托代扣模板不存在');
  if (!b.out_contract_code || !/^[A-Za-z0-9]{1,32}$/.test(b.out_contract_code)) return error(400, 'PARAM_ERROR', '商户签约协议号格式错误');
  if (!b.contract_display_account || !b.contract_notify_url || !/^https?:\/\//.test(b.contract_notify_url)) return error(400, 'PARAM_ERROR', '参数错误');
  const total = b.deduct_schedule?.estimated_deduct_amount?.total;
  const c = await createContract('wechat', {
    merchantId: k.mchid,
    outContractCode: b.out_contract_code,
    plan: String(b.plan_id),
    displayAccount: b.contract_display_account.slice(0, 64),
    description: (b.deduct_schedule?.deduct_description ?? '委托代扣').slice(0, 256),
    amountFen: Number.isInteger(total) ? (total as number) : null,
    notifyUrl: b.contract_notify_url,
    returnUrl: b.return_url ?? null,
  });
  // A contract number is used once: signed, cancelled or ended, it cannot be signed again.
  if (c.status !== 'PENDING') return error(400, 'CONTRACT_CODE_USED', '商户签约协议号已使用');
  return { status: 200, body: { pre_entrust_sign_id: `pes_${c.ref}`, redirect_url: absoluteUrl(`/sandbox/wechat/papay/${c.ref}`) } };
}

async function terminate(contractId: string, b: { appid?: string }): Promise<Reply> {
  const k = demoKeys().wechat;
  if (b.appid !== k.appid) return error(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
  const c = await contractById('wechat', k.mchid, contractId);
  if (!c || c.status === 'PENDING' || c.status === 'CANCELLED') return error(404, 'CONTRACT_NOT_EXIST', '签约协议不存在');
  if (c.status === 'TERMINATED') return error(400, 'CONTRACT_ALREADY_TERMINATED', '签约协议已解约');
  await moveContract(c.id, 'SIGNED', 'TERMINATED');
  return { status: 204 };
}

type ApplyBody = { appid?: string; out_trade_no?: string; description?: string; contract_id?: string; transaction_notify_url?: string; amount?: { total?: number; currency?: string } };

async function apply(b: ApplyBody): Promise<Reply> {
  const k = demoKeys().wechat;
  if (b.appid !== k.appid) return error(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
  const total = b.amount?.total;
  if (!b.out_trade_no || !/^[A-Za-z0-9_\-|*]{6,32}$/.test(b.out_trade_no) || !b.description || !b.transaction_notify_url || !/^https?:\/\//.test(b.transaction_notify_url))
    return error(400, 'PARAM_ERROR', '参数错误');
  if (!Number.isInteger(total) || (total as number) <= 0 || (b.amount?.currency ?? DEFAULT_CURRENCY) !== DEFAULT_CURRENCY) return error(400, 'PARAM_ERROR', '金额参数错误');
  const c = b.contract_id ? await contractById('wechat', k.mchid, b.contract_id) : null;
  if (!c || c.status !== 'SIGNED') return error(400, 'CONTRACT_NOT_EXIST', '签约协议不存在或已解约');
  const t = await createTrade('wechat', {
    merchantId: k.mchid,
    appId: k.appid,
    outTradeNo: b.out_trade_no,
    tradeType: 'PAP',
    description: b.description.slice(0, 127),
    amountFen: total as number,
    notifyUrl: b.transaction_notify_url,
    returnUrl: null,
    expiresAt: null,
  });
  if (t.amountFen !== total || t.tradeType !== 'PAP') return error(400, 'OUT_TRADE_NO_USED', '商户订单号重复');
  if (isPaid(t)) return error(400, 'ORDER_PAID', '该订单已支付');
  if (t.status === 'NOTPAY') {
    const settled = c.balanceShort ? await failTrade(t.id) : await payTrade(t.id);
    if (settled) notifyChargeLater(settled);
  }
  return { status: 204 };
}

/** The answer to one 委托代扣 call, or null when `path` is not one of them. */
export async function papayGateway(method: string, path: string, body: Record<string, unknown>): Promise<Reply | null> {
  if (method !== 'POST') return null;
  if (path === 'v3/papay/sign/contracts/pre-entrust-sign') return preEntrustSign(body as SignBody);
  if (path === 'v3/papay/pay/transactions/apply') return apply(body as ApplyBody);
  const m = /^v3\/papay\/contracts\/([^/]+)\/terminate$/.exec(path);
  if (m) return terminate(decodeURIComponent(m[1]), body as { appid?: string });
  return null;
}
