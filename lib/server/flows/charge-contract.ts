/**
 * A charge on a signed 自动续费 contract (docs/subscriptions.md#自动续费): a payment of the order under the
 * contract's deduction channel, then the provider's deduction call (WeChat Pay 申请扣款, Alipay trade.pay
 * with the agreement). What the provider answers at once is only whether it took the charge: its outcome
 * comes as the order's ordinary payment notification, which the verified-payment path applies (the
 * order paid), or the payment sweep's query. A charge refused at once fails its payment here.
 */
import 'server-only';
import { conflict } from '../errors';
import { log } from '../log';
import { contractProvider, DEDUCTION_CHANNEL_OF } from '../payments/contracts';
import { failDeductionPayment, openDeductionPayment } from '../modules/payment';
import type { ContractRow } from '../modules/subscription';

export type ChargeOutcome = { paymentNo: string } & ({ state: 'accepted' } | { state: 'failed'; code: string; reason: string });

export async function chargeContract(
  contract: Pick<ContractRow, 'channel' | 'state' | 'contractNo' | 'providerContractId'>,
  charge: { orderNo: string; amountFen: number; description: string },
): Promise<ChargeOutcome> {
  if (contract.state !== 'active' || !contract.providerContractId) throw conflict('自动续费未开通，不能扣款');
  const { paymentNo } = await openDeductionPayment(charge.orderNo, DEDUCTION_CHANNEL_OF[contract.channel], charge.amountFen);
  let outcome: ChargeOutcome;
  try {
    const r = await contractProvider(contract.channel).charge({ paymentNo, providerContractId: contract.providerContractId, amountFen: charge.amountFen, description: charge.description });
    outcome = { paymentNo, ...r };
  } catch (err) {
    // Unanswered: failed here; were it taken after all, its success notification still settles it (failed → succeeded).
    outcome = { paymentNo, state: 'failed', code: 'PROVIDER_UNREACHABLE', reason: err instanceof Error ? err.message.slice(0, 200) : String(err) };
  }
  if (outcome.state === 'failed') await failDeductionPayment(paymentNo);
  log.info({ contractNo: contract.contractNo, orderNo: charge.orderNo, paymentNo, state: outcome.state, code: outcome.state === 'failed' ? outcome.code : undefined }, 'auto-renew charge');
  return outcome;
}
