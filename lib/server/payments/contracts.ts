/** The contract provider of each 自动续费 channel, and the payment channel its charges are recorded under. */
import type { ContractChannel } from '../../domain/auto-renew';
import type { DeductionChannel } from '../../domain/payment-channels';
import { alipayAgreement } from './alipay-agreement';
import type { ContractProvider } from './contract-types';
import { wechatPapay } from './wechat-papay';

export function contractProvider(channel: ContractChannel): ContractProvider {
  return channel === 'wechat' ? wechatPapay : alipayAgreement;
}

export const DEDUCTION_CHANNEL_OF: Readonly<Record<ContractChannel, DeductionChannel>> = { wechat: 'wechat_papay', alipay: 'alipay_agreement' };
