/**
 * What the shop needs from a provider's deduction contracts (WeChat Pay 委托代扣, Alipay 周期扣款), whichever
 * it is: the page where the shopper signs, 解约 by the merchant, a charge on a signed contract, and the
 * provider's news of a contract (signed, ended) in our words (docs/subscriptions.md#自动续费).
 */
import type { ContractChannel } from '../../domain/auto-renew';

export type ContractSignRequest = {
  /** Our number for the contract (WeChat out_contract_code, Alipay external_agreement_no). */
  contractNo: string;
  /** Whose account the provider's page names (a masked phone: no nickname, no emoji). */
  displayAccount: string;
  /** The service renewed, as the provider's page shows it. */
  description: string;
  /** What one renewal costs today, shown on the provider's page as the amount per year. */
  amountFen: number;
  /** When the first automatic charge is due (the term's end). */
  firstChargeAt: Date;
  /** Where the shopper's browser comes back to after signing. */
  returnUrl: string;
};

export type DeductionRequest = { paymentNo: string; providerContractId: string; amountFen: number; description: string };

/**
 * `accepted`: the provider took the charge; its outcome comes as the payment's ordinary notification (or
 * the payment sweep's query). `failed`: refused at once (余额不足, a contract no longer in force …).
 */
export type DeductionResult = { state: 'accepted' } | { state: 'failed'; code: string; reason: string };

/** A contract notification that passed every check of its provider. */
export type ContractNotice = { kind: 'signed' | 'terminated'; eventId: string; contractNo: string; providerContractId: string; at: Date };

export type ContractProvider = {
  channel: ContractChannel;
  signUrl(r: ContractSignRequest): Promise<string>;
  /** 解约 by the merchant; a contract the provider has already ended counts as ended. */
  terminate(providerContractId: string, contractNo: string): Promise<void>;
  charge(r: DeductionRequest): Promise<DeductionResult>;
};
