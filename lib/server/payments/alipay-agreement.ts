/**
 * Alipay 周期扣款 (商户代扣), the provider's side of 自动续费 (docs/subscriptions.md#自动续费): the signing page
 * (alipay.user.agreement.page.sign, personal product CYCLE_PAY_AUTH_P, a period of one term), 解约
 * (alipay.user.agreement.unsign), a charge on the agreement (alipay.trade.pay with agreement_params; paid,
 * it is notified as any trade, to the payments' notify URL) and the agreement's own notifications
 * (dut_user_sign, dut_user_unsign), checked as every Alipay notification is.
 */
import { fenToYuanString } from '../../domain/money';
import { shopDay } from '../../domain/shop-time';
import { TERM_DAYS } from '../../domain/subscription';
import { checkAlipayNotification, exec, failed, requestTime, sdk } from './alipay';
import { parseAlipayTime } from './beijing-time';
import { contractNotifyUrl, notifyUrl } from './config';
import type { ContractNotice, ContractProvider, ContractSignRequest, DeductionRequest, DeductionResult } from './contract-types';
import { NotificationRejected } from './types';

/** The personal product and scene the agreement is signed for (the merchant's 周期扣款 product). */
const AGREEMENT = { personal_product_code: 'CYCLE_PAY_AUTH_P', sign_scene: 'INDUSTRY|DIGITAL_MEDIA' } as const;

const NOTICES: Record<string, ContractNotice['kind']> = { dut_user_sign: 'signed', dut_user_unsign: 'terminated' };

export const alipayAgreement: ContractProvider & { verifyContractNotification(fields: Record<string, string>, now?: number): ContractNotice } = {
  channel: 'alipay',

  /** A GET link to Alipay's signing page (the SDK signs its query), which the shopper opens. */
  async signUrl(r: ContractSignRequest): Promise<string> {
    return sdk().sdk.pageExecute('alipay.user.agreement.page.sign', 'GET', {
      bizContent: {
        ...AGREEMENT,
        product_code: 'CYCLE_PAY_AUTH',
        external_agreement_no: r.contractNo,
        external_logon_id: r.displayAccount,
        access_params: { channel: 'ALIPAYAPP' },
        period_rule_params: {
          period_type: 'DAY',
          period: TERM_DAYS,
          execute_time: shopDay(r.firstChargeAt),
          single_amount: fenToYuanString(r.amountFen),
        },
        // Shown on Alipay's page beside the amount.
        subject: r.description.slice(0, 64),
      },
      timestamp: requestTime(),
      notifyUrl: contractNotifyUrl('alipay'),
      returnUrl: r.returnUrl,
    });
  },

  async terminate(providerContractId: string, contractNo: string): Promise<void> {
    const r = await exec('alipay.user.agreement.unsign', { ...AGREEMENT, agreement_no: providerContractId, external_agreement_no: contractNo });
    // An agreement Alipay no longer has (ended by the shopper in Alipay) is as ended as asked.
    if (r.code === '10000' || r.subCode === 'USER_AGREEMENT_NOT_EXIST') return;
    throw failed('alipay.user.agreement.unsign', r);
  },

  async charge(r: DeductionRequest): Promise<DeductionResult> {
    const a = await exec(
      'alipay.trade.pay',
      {
        out_trade_no: r.paymentNo,
        total_amount: fenToYuanString(r.amountFen),
        subject: r.description.slice(0, 256),
        product_code: 'CYCLE_PAY_AUTH',
        agreement_params: { agreement_no: r.providerContractId },
      },
      { notifyUrl: notifyUrl('alipay') },
    );
    // 10000: paid; 10003: the buyer's side still working. Either way the trade's notification settles it.
    if (a.code === '10000' || a.code === '10003') return { state: 'accepted' };
    if (a.code === '40004') return { state: 'failed', code: String(a.subCode ?? a.code), reason: String(a.subMsg ?? a.msg ?? '扣款失败') };
    throw failed('alipay.trade.pay', a);
  },

  /** dut_user_sign / dut_user_unsign: signature, age, app_id (checkAlipayNotification), then the agreement's fields. */
  verifyContractNotification(fields: Record<string, string>, now = Date.now()): ContractNotice {
    checkAlipayNotification(fields, now);
    const kind = NOTICES[fields.notify_type ?? ''];
    if (!kind) throw new NotificationRejected(`not an agreement notification: ${String(fields.notify_type).slice(0, 40)}`);
    if (fields.personal_product_code !== AGREEMENT.personal_product_code) throw new NotificationRejected('personal_product_code mismatch');
    if (!fields.notify_id || !fields.agreement_no || !fields.external_agreement_no) throw new NotificationRejected('incomplete notification');
    const at = parseAlipayTime(kind === 'signed' ? fields.sign_time : fields.unsign_time) ?? new Date(now);
    return { kind, eventId: fields.notify_id, contractNo: fields.external_agreement_no, providerContractId: fields.agreement_no, at };
  },
};
