/**
 * Refunds sent to the provider and settled: the refund, its order, its coupon and its after-sales request move together.
 *
 * A refund settled (docs/states.md#refunds): the provider's answer, its notification or the sweep
 * says the money went back. In one transaction: the refund → succeeded (once), a refunding order →
 * refunded when none of its refunds is under way (its coupon back unless goods were kept), and the
 * after-sales request it pays → 已退款 (or its 运费补偿 settled).
 */
import 'server-only';
import { PAYMENT_SWEEP_QUIET_MS } from '../payments/limits';
import { getDb, withTx } from '../db/client';
import { formatFen } from '../../domain/money';
import { log } from '../log';
import { providerFor } from '../payments/registry';
import type { RefundState } from '../payments/types';
import { afterSaleRefunded, nothingKept, returnShippingRefunded } from '../modules/after-sales';
import { returnCoupon } from '../modules/coupons';
import { notify } from '../modules/messages';
import { lockOrder, moveOrder } from '../modules/order';
import { paymentById } from '../modules/payment';
import { claimRefunded, claimRefundFailed } from '../modules/price-protect';
import { failRefund, moveRefund, noRefundUnderWay, orderOfRefund, refundToSend, staleRefunds, touchRefund } from '../modules/refund';
import { orderItemsOf } from '../modules/order';

/** Asks the provider to refund (again: the same refund number makes a repeat harmless). */
export async function sendRefund(refundId: number): Promise<void> {
  const db = await getDb();
  const r = await refundToSend(db, refundId);
  if (!r || r.status !== 'processing') return;
  const p = await paymentById(db, r.paymentId);
  if (!p) return;
  let state: RefundState | null = null;
  try {
    state = await providerFor(p.channel).refund({ paymentNo: p.paymentNo, refundNo: r.refundNo, refundFen: r.amountFen, totalFen: p.amountFen, reason: r.reason });
  } catch (err) {
    log.warn({ paymentNo: p.paymentNo, refundNo: r.refundNo, err: String(err) }, 'refund request failed: the sweep tries again');
  }
  await touchRefund(db, r.id);
  if (state === 'succeeded') await settleRefund(r.id);
  if (state === 'failed') await refundFailed(r.id);
}

/** The provider refused a refund: the refund → 退款失败 (the operator acts), and a 价保 claim it paid may be made again. */
export async function refundFailed(refundId: number): Promise<void> {
  await failRefund(refundId);
  await claimRefundFailed(await getDb(), refundId);
}

/**
 * processing → succeeded, once. In the same transaction: the after-sales request it pays → 已退款,
 * and a refunding order → refunded once none of its refunds is still under way.
 */
export async function settleRefund(refundId: number): Promise<boolean> {
  const settled = await withTx(async (tx) => {
    // The order row locked first: two refunds of one order settling at once each saw the other still
    // under way and neither moved the order (write skew), leaving it 退款中 for good.
    const orderId = await orderOfRefund(tx, refundId);
    if (orderId === null) return null;
    const o = await lockOrder(tx, orderId);
    const r = await moveRefund(tx, refundId, 'processing', 'succeeded');
    if (!r) return null;
    // All of the order's money went back: its coupon comes back too, unless the shopper kept goods
    // (docs/coupons.md#states).
    if ((await moveOrder(tx, r.orderId, 'refunding', 'refunded', { refundedAt: r.refundedAt }, noRefundUnderWay(r.orderId))) && (await nothingKept(tx, r.orderId))) await returnCoupon(tx, r.orderId);
    // 运费补偿 settles on its own: the request's state is its goods' (docs/after-sales.md#return-shipping).
    // The shopper's SMS is an outbox event of this transaction (docs/outbox.md).
    if (r.afterSaleId) await (r.kind === 'return_shipping' ? returnShippingRefunded : afterSaleRefunded)(tx, r.afterSaleId, r.amountFen);
    else if (r.kind === 'price_protect') {
      // 价保: the claim → 已退款, and the shopper hears of it naming the product (docs/rules.md#价保).
      const claim = await claimRefunded(tx, r.id, r.refundedAt);
      const line = claim && (await orderItemsOf(tx, r.orderId)).find((i) => i.id === claim.orderItemId);
      await notify(tx, o.userId, 'price_protect_refunded', { orderNo: o.orderNo, product: line ? line.productName : '', amount: formatFen(r.amountFen) }, r.refundNo);
    } else {
      // A refund outside after-sales (an order cancelled after payment, the operator's refund): the shopper hears of the money.
      // The order's row as locked above: its shopper and number never change.
      await notify(tx, o.userId, 'refund_settled', { orderNo: o.orderNo, amount: formatFen(r.amountFen) }, r.refundNo);
    }
    return { r };
  });
  if (!settled) return false;
  log.info({ refundNo: settled.r.refundNo, amountFen: settled.r.amountFen }, 'refund settled');
  return true;
}

/** The sweep: refunds under way and quiet for a while are sent again (the provider answers with their outcome). */
export async function sweepRefunds(): Promise<number> {
  const db = await getDb();
  const stale = new Date(Date.now() - PAYMENT_SWEEP_QUIET_MS);
  const due = await staleRefunds(db, stale, 100);
  for (const r of due) await sendRefund(r.id);
  return due.length;
}

