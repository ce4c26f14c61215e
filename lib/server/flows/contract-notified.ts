/**
 * What a provider tells the shop about a 自动续费 contract (docs/subscriptions.md#自动续费): verified as every
 * notification of that provider is (a forged or stale one changes nothing), then applied by the contract's
 * table of moves, so a replay changes nothing either: signed → the contract goes signing → active with the
 * provider's id; ended (the shopper's 解约 in WeChat or Alipay) → terminated by the provider. A signing the
 * shop had already given up (关闭 while signing, a page left too long) is ended at the provider at once.
 */
import 'server-only';
import { getDb } from '../db/client';
import { NOTIFY_REPLY, type NotifyReply } from '../http/notify-replies';
import { log } from '../log';
import { alipayAgreement } from '../payments/alipay-agreement';
import type { ContractNotice } from '../payments/contract-types';
import { contractProvider } from '../payments/contracts';
import { NotificationRejected, type ProviderName } from '../payments/types';
import { wechatPapay } from '../payments/wechat-papay';
import { contractByNo, moveContract, noteLateSigning } from '../modules/subscription';

type Applied = 'signed' | 'terminated' | 'unchanged' | 'unknown_contract';

async function apply(provider: ProviderName, n: ContractNotice): Promise<Applied> {
  const db = await getDb();
  const c = await contractByNo(db, n.contractNo.slice(0, 32));
  if (!c || c.channel !== provider) return 'unknown_contract';
  if (c.providerContractId && c.providerContractId !== n.providerContractId) return 'unknown_contract';
  if (n.kind === 'signed') {
    if (await moveContract(db, c.id, 'signing', 'active', { providerContractId: n.providerContractId, signedAt: n.at })) return 'signed';
    if (c.state === 'terminated' && (await noteLateSigning(db, c.id, n.providerContractId))) {
      // Signed at the provider after the shop let the signing go: nothing may be charged on it, so it ends there too.
      await contractProvider(provider)
        .terminate(n.providerContractId, c.contractNo)
        .catch((err) => log.error({ contractNo: c.contractNo, err: String(err) }, 'late-signed contract not ended at the provider'));
    }
    return 'unchanged';
  }
  return (await moveContract(db, c.id, ['signing', 'active'], 'terminated', { terminatedBy: 'provider' })) ? 'terminated' : 'unchanged';
}

async function receive(provider: ProviderName, verify: () => ContractNotice, seen: Record<string, unknown>): Promise<NotifyReply> {
  const reply = NOTIFY_REPLY[provider];
  let n: ContractNotice;
  try {
    n = verify();
  } catch (err) {
    if (!(err instanceof NotificationRejected)) throw err;
    log.warn({ reason: err.reason, ...seen }, `${provider} contract notification rejected`);
    return reply('unverified');
  }
  const outcome = await apply(provider, n);
  log.info({ provider, eventId: n.eventId, contractNo: n.contractNo, kind: n.kind, outcome }, 'contract notification');
  return reply(outcome === 'unknown_contract' ? 'unknown_payment' : 'taken');
}

/** POST /contracts/notify/wechat: ENTRUST.SIGN, ENTRUST.TERMINATE. */
export function receiveWechatContractNotification(headers: Headers, raw: string): Promise<NotifyReply> {
  return receive('wechat', () => wechatPapay.verifyContractNotification(headers, raw), { serial: headers.get('wechatpay-serial')?.slice(0, 64) });
}

/** POST /contracts/notify/alipay: dut_user_sign, dut_user_unsign. */
export function receiveAlipayContractNotification(raw: string): Promise<NotifyReply> {
  const fields = Object.fromEntries(new URLSearchParams(raw));
  return receive('alipay', () => alipayAgreement.verifyContractNotification(fields), { notifyId: fields.notify_id?.slice(0, 64) });
}
