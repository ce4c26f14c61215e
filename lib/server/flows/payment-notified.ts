/**
 * What a payment provider tells the shop: notifications verified, stored once and applied; the sweep of quiet payments.
 *
 * What a payment provider tells the shop (docs/decisions/payments.md): a notification, verified, stored once
 * and applied — a trade's state to the payment (and its order), a refund's to the refund-settled
 * flow — and the sweep that asks the providers about what went quiet.
 */
import 'server-only';
import { PAYMENT_RECONCILE_AFTER_MS, PAYMENT_SWEEP_QUIET_MS } from '../payments/limits';
import { PAYMENT_NO } from '../../validation/payment';
import { getDb } from '../db/client';
import { log } from '../log';
import { alipay } from '../payments/alipay';
import { NOTIFY_REPLY, type NotifyReply } from '../http/notify-replies';
import { NotificationRejected, providerOf, type ProviderName, type VerifiedNotification } from '../payments/types';
import { wechatPay } from '../payments/wechat';
import { ACCEPTED, applyTrade, closePayment, findPaymentByNo, noteNotificationOutcome, orphanPayments, queryThrottled, storeNotification, unaskedPayments, type Outcome } from '../modules/payment';
import { findRefund } from '../modules/refund';
import { refundFailed, settleRefund, sweepRefunds } from './refund-settled';

// ------------------------------------------------------------------ notifications

async function processNotification(provider: ProviderName, n: VerifiedNotification, raw: string): Promise<Outcome> {
  const db = await getDb();
  const stored = await storeNotification(db, { provider, eventId: n.eventId.slice(0, 128), paymentNo: n.paymentNo.slice(0, 32), verified: true, outcome: 'received', body: raw.slice(0, 20_000) });

  const p = PAYMENT_NO.test(n.paymentNo) ? await findPaymentByNo(db, n.paymentNo) : null;
  let outcome: Outcome;
  if (!p || providerOf(p.channel) !== provider) outcome = 'unknown_payment';
  else if (n.kind === 'refund') {
    const r = await findRefund(db, p.id, n.refundNo);
    if (!r) outcome = 'unknown_payment';
    else if (n.state === 'succeeded') outcome = (await settleRefund(r.id)) ? 'refund_settled' : 'duplicate';
    else if (n.state === 'failed') outcome = (await refundFailed(r.id), 'refund_failed');
    else outcome = 'unchanged';
  } else outcome = await applyTrade(p, n.trade, 'notify');

  if (stored !== null) await noteNotificationOutcome(db, stored, outcome);
  if (!ACCEPTED.has(outcome)) log.warn({ provider, eventId: n.eventId, paymentNo: n.paymentNo, outcome }, 'payment notification not accepted');
  return outcome;
}

/**
 * Verifies a notification (`verify` throws NotificationRejected for a forged or stale one), applies
 * it, and answers in the provider's format (lib/server/payments/replies.ts). `seen` names the
 * notification in the log when it is refused.
 */
async function receiveNotification(provider: ProviderName, raw: string, verify: () => VerifiedNotification, seen: Record<string, unknown>): Promise<NotifyReply> {
  const reply = NOTIFY_REPLY[provider];
  let n: VerifiedNotification;
  try {
    n = verify();
  } catch (err) {
    if (!(err instanceof NotificationRejected)) throw err;
    log.warn({ reason: err.reason, ...seen }, `${provider} notification rejected`);
    return reply('unverified');
  }
  const outcome = await processNotification(provider, n, raw);
  return reply(ACCEPTED.has(outcome) ? 'taken' : outcome === 'amount_mismatch' ? 'amount_mismatch' : 'unknown_payment');
}

/** POST /payments/notify/wechat: 204 when taken (or a replay of one); 4xx with {"code":"FAIL"} otherwise. */
export async function receiveWechatNotification(headers: Headers, raw: string): Promise<NotifyReply> {
  return receiveNotification('wechat', raw, () => wechatPay.verifyNotification(headers, raw), { serial: headers.get('wechatpay-serial')?.slice(0, 64) });
}

/** POST /payments/notify/alipay: `success` when taken (or a replay of one), `fail` otherwise (forged, stale, wrong amount). */
export async function receiveAlipayNotification(raw: string): Promise<NotifyReply> {
  const fields = Object.fromEntries(new URLSearchParams(raw));
  return receiveNotification('alipay', raw, () => alipay.verifyNotification(fields), { notifyId: fields.notify_id?.slice(0, 64) });
}

// ------------------------------------------------------------------ the sweep

/**
 * Once a minute (bootstrap): refunds still under way are asked again; open payments of orders that
 * are no longer waiting (cancelled, paid another way) are closed, or settled if they were paid; open
 * payments quiet for 2 minutes are asked about (a lost notification is found within the sweep).
 */
export async function sweepPayments(): Promise<{ refunds: number; closed: number; reconciled: number }> {
  const db = await getDb();
  let reconciled = 0;
  const stale = new Date(Date.now() - PAYMENT_SWEEP_QUIET_MS);
  const refunds = await sweepRefunds();
  const orphans = await orphanPayments(db, stale, 100);
  for (const p of orphans) await closePayment(p);
  // Reconciliation: an open payment nobody has asked about for a while (its notification may have been
  // lost, say in a crash between the provider's answer and ours) is asked about once more.
  const quiet = new Date(Date.now() - PAYMENT_RECONCILE_AFTER_MS);
  const unasked = await unaskedPayments(db, quiet, 100);
  for (const p of unasked) if (await queryThrottled(db, p)) reconciled++;
  if (refunds || orphans.length || reconciled) log.info({ refunds, closed: orphans.length, reconciled }, 'payment sweep');
  return { refunds, closed: orphans.length, reconciled };
}
