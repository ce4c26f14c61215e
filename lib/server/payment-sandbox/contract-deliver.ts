/**
 * How the demo gateways tell the shop about a deduction contract and a charge on it: WeChat Pay's
 * ENTRUST.SIGN / ENTRUST.TERMINATE and the charge's TRANSACTION notification (signed JSON, encrypted
 * resource), Alipay's dut_user_sign / dut_user_unsign and the trade's trade_status_sync (signed form
 * fields), each with the keys the shop verifies with.
 */
import { randomUUID } from 'node:crypto';
import { log } from '../log';
import { alipayTime, rfc3339Beijing } from '../payments/beijing-time';
import { demoKeys } from '../payments/demo-keys';
import { alipaySignFields } from './alipay-sign';
import type { SandboxContract } from './contract-store';
import { notifyAlipayPaid, post, sendWechat, wechatTransaction } from './deliver';
import type { SandboxTrade } from './store';

type Change = 'signed' | 'terminated';

function notifyWechatContract(c: SandboxContract, change: Change) {
  const k = demoKeys().wechat;
  const signed = change === 'signed';
  return sendWechat(c.notifyUrl, signed ? 'ENTRUST.SIGN' : 'ENTRUST.TERMINATE', signed ? '委托代扣签约通知' : '委托代扣解约通知', 'entrust', {
    mchid: k.mchid,
    appid: k.appid,
    plan_id: Number(c.plan),
    out_contract_code: c.outContractCode,
    contract_id: c.contractId,
    contract_state: signed ? 'ENTRUST_STATE_SIGNED' : 'ENTRUST_STATE_TERMINATED',
    contract_termination_mode: signed ? undefined : 'USER_TERMINATE',
    operate_time: rfc3339Beijing((signed ? c.signedAt : c.terminatedAt) ?? new Date()),
    openid: 'oSandbox_' + c.contractId.slice(-12),
  });
}

/** The fields of Alipay's dut_user_sign / dut_user_unsign, signed with Alipay's key. */
export function alipayContractFields(c: SandboxContract, change: Change): Record<string, string> {
  const k = demoKeys().alipay;
  const signed = change === 'signed';
  const fields: Record<string, string> = {
    notify_time: alipayTime(new Date()),
    notify_type: signed ? 'dut_user_sign' : 'dut_user_unsign',
    notify_id: randomUUID().replace(/-/g, ''),
    app_id: k.appId,
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    agreement_no: c.contractId,
    external_agreement_no: c.outContractCode,
    personal_product_code: c.plan,
    sign_scene: 'INDUSTRY|DIGITAL_MEDIA',
    status: signed ? 'NORMAL' : 'UNSIGN',
    alipay_user_id: '2088' + c.contractId.slice(-12),
    alipay_logon_id: c.displayAccount,
    ...(signed ? { sign_time: alipayTime(c.signedAt ?? new Date()) } : { unsign_time: alipayTime(c.terminatedAt ?? new Date()) }),
  };
  return alipaySignFields(fields, k.alipayPrivateKey, 'notify');
}

/** Tells the shop the contract was signed or ended (by the shopper, at the provider). */
export async function notifyContract(c: SandboxContract, change: Change) {
  if (c.provider === 'wechat') return notifyWechatContract(c, change);
  const res = await post(c.notifyUrl, {
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: new URLSearchParams(alipayContractFields(c, change)).toString(),
  });
  log.info({ change, status: res?.status, answer: res?.text.slice(0, 20) }, 'sandbox alipay agreement notification');
  return res;
}

/** A charge's outcome, told as any trade's: WeChat's TRANSACTION.SUCCESS (or the failure), Alipay's trade_status_sync. */
function notifyCharge(t: SandboxTrade) {
  if (t.status === 'PAYERROR') return sendWechat(t.notifyUrl, 'TRANSACTION.FAIL', '支付失败', 'transaction', wechatTransaction(t));
  return t.provider === 'wechat' ? sendWechat(t.notifyUrl, 'TRANSACTION.SUCCESS', '支付成功', 'transaction', wechatTransaction(t)) : notifyAlipayPaid(t);
}

/** The provider settles a charge a moment after taking it, then notifies, as the real ones do. */
export function notifyChargeLater(t: SandboxTrade) {
  setTimeout(() => {
    notifyCharge(t).catch((err) => log.error({ err: String(err) }, 'sandbox charge notification failed'));
  }, 100).unref?.();
}
