/**
 * WeChat Pay 委托代扣 over APIv3, the provider's side of 自动续费 (docs/subscriptions.md#自动续费): the signing
 * page (pre-entrust-sign under our plan_id and contract number), 解约 by contract_id, 申请扣款 on a signed
 * contract (accepted at once; the outcome comes as the payment's ordinary TRANSACTION notification to the
 * payments' notify URL), and the contract's own notifications (ENTRUST.SIGN, ENTRUST.TERMINATE), opened
 * and checked as every WeChat Pay notification is.
 */
import { DEFAULT_CURRENCY } from '../../domain/money';
import { shopDay } from '../../domain/shop-time';
import { contractNotifyUrl, notifyUrl } from './config';
import type { ContractNotice, ContractProvider, ContractSignRequest, DeductionRequest, DeductionResult } from './contract-types';
import { NotificationRejected } from './types';
import { api, openWechatNotification, wrap, type AxiosLikeError } from './wechat';

type Answer<T> = { data: T };

const EVENTS: Record<string, ContractNotice['kind']> = { 'ENTRUST.SIGN': 'signed', 'ENTRUST.TERMINATE': 'terminated' };

/** Refusals of 申请扣款 that no retry of the same request changes at once (anything else is the network's or WeChat's). */
const REFUSED = new Set(['NOTENOUGH', 'CONTRACT_NOT_EXIST', 'CONTRACT_ERROR', 'RULE_LIMIT', 'ORDER_PAID', 'PARAM_ERROR', 'INVALID_REQUEST']);

export const wechatPapay: ContractProvider & { verifyContractNotification(headers: Headers, rawBody: string, now?: number): ContractNotice } = {
  channel: 'wechat',

  async signUrl(r: ContractSignRequest): Promise<string> {
    const { api: wx, cfg } = api();
    try {
      const { data } = (await wx.v3.papay.sign.contracts.preEntrustSign.post({
        sign_scene: 'SIGN_SCENE_QRCODE',
        appid: cfg.appid,
        plan_id: cfg.papayPlanId,
        out_contract_code: r.contractNo,
        contract_display_account: r.displayAccount.slice(0, 32),
        contract_notify_url: contractNotifyUrl('wechat'),
        return_url: r.returnUrl,
        deduct_schedule: {
          estimated_deduct_date: shopDay(r.firstChargeAt),
          estimated_deduct_amount: { total: r.amountFen, currency: DEFAULT_CURRENCY },
          deduct_description: r.description.slice(0, 64),
        },
      })) as Answer<{ redirect_url?: string }>;
      if (!data.redirect_url) throw new Error('pre-entrust-sign answered no redirect_url');
      return String(data.redirect_url);
    } catch (err) {
      throw err instanceof Error && !('response' in err) ? err : wrap(err);
    }
  },

  async terminate(providerContractId: string): Promise<void> {
    const { api: wx, cfg } = api();
    try {
      await wx.v3.papay.contracts._contract_id_.terminate.post(
        { appid: cfg.appid, contract_termination_remark: '用户在商城关闭自动续费' },
        { contract_id: providerContractId },
      );
    } catch (err) {
      // Ended already (by the shopper in WeChat, or by an earlier call of ours): what was asked is done.
      if ((err as AxiosLikeError).response?.data?.code === 'CONTRACT_ALREADY_TERMINATED') return;
      throw wrap(err);
    }
  },

  async charge(r: DeductionRequest): Promise<DeductionResult> {
    const { api: wx, cfg } = api();
    try {
      await wx.v3.papay.pay.transactions.apply.post({
        appid: cfg.appid,
        out_trade_no: r.paymentNo,
        description: r.description.slice(0, 127),
        contract_id: r.providerContractId,
        transaction_notify_url: notifyUrl('wechat'),
        amount: { total: r.amountFen, currency: DEFAULT_CURRENCY },
      });
      return { state: 'accepted' };
    } catch (err) {
      const e = err as AxiosLikeError;
      const code = e.response?.data?.code;
      if (code && REFUSED.has(code)) return { state: 'failed', code, reason: e.response?.data?.message ?? code };
      throw wrap(err);
    }
  },

  /** A contract notification: signature, freshness, mchid (openWechatNotification), then our appid and plan_id. */
  verifyContractNotification(headers: Headers, rawBody: string, now = Date.now()): ContractNotice {
    const { envelope, plain, cfg } = openWechatNotification(headers, rawBody, now);
    const kind = EVENTS[envelope.event_type];
    if (!kind) throw new NotificationRejected(`not a contract event: ${envelope.event_type.slice(0, 40)}`);
    if (plain.appid !== cfg.appid) throw new NotificationRejected('appid mismatch');
    if (Number(plain.plan_id) !== cfg.papayPlanId) throw new NotificationRejected('plan_id mismatch');
    const contractNo = String(plain.out_contract_code ?? '');
    const providerContractId = String(plain.contract_id ?? '');
    if (!contractNo || !providerContractId) throw new NotificationRejected('incomplete notification');
    const at = new Date(String(plain.operate_time ?? ''));
    return { kind, eventId: envelope.id, contractNo, providerContractId, at: Number.isNaN(at.getTime()) ? new Date(now) : at };
  },
};
