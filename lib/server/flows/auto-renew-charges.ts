/**
 * The sweep's 自动续费 charges (docs/subscriptions.md#the-charging-schedule): the 5-day notice, the charge on
 * the term's end as a renewal order of one year paid by the contract, its outcome, and the retries 1 and 3
 * days after a failure, each told to the shopper; after the last, the subscription goes on into its 宽限期.
 * The clock is a parameter (`chargeAutoRenewals(now)`), so the tests move it instead of waiting. Every
 * step is guarded in the subscription module, so two instances sweeping at once charge once.
 */
import 'server-only';
import { AUTO_RENEW_RETRY_GAPS_DAYS } from '../../domain/auto-renew';
import { DAY_MS } from '../../domain/shop-time';
import { graceEndsAt } from '../../domain/subscription-actions';
import { subscriptionState } from '../../domain/subscription';
import { getDb, withTx } from '../db/client';
import { AppError } from '../errors';
import { log } from '../log';
import { findPaymentByNo } from '../modules/payment';
import { findOrderRow, orderTotal } from '../modules/order';
import {
  chargeFailed,
  chargeOrdered,
  chargePaid,
  chargeParties,
  chargeQuote,
  chargesInFlight,
  chargeSent,
  claimCharge,
  dueCharges,
  noticeCharges,
  renoticeCharge,
  stopCharge,
  type ChargeRow,
} from '../modules/subscription';
import { cancelOrderRow } from './cancel-unpaid';
import { chargeContract } from './charge-contract';
import { renewalOf } from './renew-subscription';
import { placeSubscriptionOrder } from './subscription-order';

/** An attempt whose order or deduction was never written (the instance died mid-attempt) counts as failed after this long. */
const LOST_ATTEMPT_MS = 10 * 60_000;

/** What the shopper reads when the provider gave no reason of its own. */
const NO_REASON = '支付账户扣款未成功';

/** An attempt's order stays payable until the last retry could have run (and an hour more): the shopper may also pay it by hand. */
const payWithinMs = (attempts: number) => (AUTO_RENEW_RETRY_GAPS_DAYS.slice(attempts - 1).reduce<number>((a, b) => a + b, 0) * DAY_MS) + 60 * 60_000;

export type ChargeSweep = { noticed: number; attempted: number; settled: number };

/** One pass at `now`: notices due, outcomes learned, attempts due. */
export async function chargeAutoRenewals(now = new Date()): Promise<ChargeSweep> {
  const noticed = await noticeCharges(now);
  const db = await getDb();
  let settled = 0;
  for (const c of await chargesInFlight(db)) if (await settle(c, now)) settled++;
  let attempted = 0;
  for (const c of await dueCharges(db, now)) if (await attempt(c, now)) attempted++;
  return { noticed, attempted, settled };
}

/** A failed attempt told to the shopper; after the last one, its order is cancelled (stock back). */
async function failed(c: ChargeRow, reason: string): Promise<void> {
  const db = await getDb();
  const { subscription } = await chargeParties(db, c);
  const quote = await chargeQuote(db, subscription);
  await withTx(async (tx) => {
    const moved = await chargeFailed(tx, c, reason, subscription.userId, { service: quote?.service ?? '服务', graceEndsAt: graceEndsAt(c.forEndsAt)! });
    if (moved && moved.nextAttemptAt === null && c.orderId) await cancelOrderRow(tx, c.orderId, '自动续费扣款未成功');
  });
  log.warn({ chargeId: c.id, subscriptionId: c.subscriptionId, attempt: c.attempts, reason }, 'auto-renew charge failed');
}

/** The outcome of an attempt sent: paid (its payment's transaction already said so), failed, or still awaited. */
async function settle(c: ChargeRow, now: Date): Promise<boolean> {
  const db = await getDb();
  const lost = !c.attemptedAt || now.getTime() - c.attemptedAt.getTime() > LOST_ATTEMPT_MS;
  if (!c.orderId || !c.paymentNo) {
    if (!lost) return false;
    await failed(c, NO_REASON);
    return true;
  }
  const order = await orderTotal(db, c.orderId);
  if (order.status === 'cancelled') {
    await failed(c, '扣款订单已取消');
    return true;
  }
  if (order.status !== 'pending_payment') {
    await chargePaid(db, c.id);
    return true;
  }
  const p = await findPaymentByNo(db, c.paymentNo);
  if (p && p.status === 'pending') return false;
  await failed(c, NO_REASON);
  return true;
}

/** One attempt of a due charge: the checks, the order (the attempt's own, or the pending one of the attempt before), the deduction. */
async function attempt(due: ChargeRow, now: Date): Promise<boolean> {
  const db = await getDb();
  const { subscription: s, contract } = await chargeParties(db, due);
  const stop = async (reason: string) => {
    await stopCharge(db, due.id, reason);
    log.info({ chargeId: due.id, subscriptionId: s.id, reason }, 'auto-renew charge stopped');
    return false;
  };
  if (contract.state !== 'active' || !contract.providerContractId) return stop('自动续费已关闭');
  if (s.refundedAt) return stop('服务已退款');
  if (s.endsAt?.getTime() !== due.forEndsAt.getTime()) return stop('服务已续费');
  if (subscriptionState(s, now) === 'expired') return stop('服务已过期');
  const quote = await chargeQuote(db, s);
  if (!quote) return stop('该服务版本已下架');
  // Never more than the shopper was told 5 days before: a higher price of the day is told anew, and waits.
  if (quote.yearFen > due.amountFen) {
    await withTx((tx) => renoticeCharge(tx, due, s.userId, quote, contract.channel, now));
    return false;
  }
  const c = await claimCharge(db, due.id, now);
  if (!c) return false; // another instance took it

  let order: { orderNo: string; totalFen: number } | null = null;
  if (c.orderId) {
    const o = await orderTotal(db, c.orderId);
    if (o.status === 'pending_payment') order = o;
    else if (o.status !== 'cancelled') {
      await chargePaid(db, c.id);
      return true;
    }
  }
  if (!order) {
    try {
      order = await placeSubscriptionOrder(s.userId, s.id, 'renew', { couponId: null, idempotencyKey: `auto-renew-${c.id}-${c.attempts}`, payWithinMs: payWithinMs(c.attempts) }, renewalOf(1));
    } catch (err) {
      // The shop refused the renewal (the edition no longer sold, the subscription changed): told as a failure.
      if (!(err instanceof AppError)) throw err;
      await failed(c, err.message);
      return true;
    }
    const { id } = await findOrderRow(db, order.orderNo);
    await chargeOrdered(db, c.id, id);
    c.orderId = id;
  }
  const outcome = await chargeContract(contract, { orderNo: order.orderNo, amountFen: order.totalFen, description: `${quote.service} 自动续费一年` });
  await chargeSent(db, c.id, outcome.paymentNo);
  if (outcome.state === 'failed') await failed({ ...c, paymentNo: outcome.paymentNo }, outcome.reason || NO_REASON);
  return true;
}
