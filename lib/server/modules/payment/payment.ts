/**
 * Payments (docs/states.md#payment-statuses, docs/decisions/payments.md). The shop never takes a
 * browser's word for a payment: only a verified notification or the provider's own answer to a
 * query settles one, and only for the amount of the order it belongs to. Every change is a guarded
 * UPDATE (the payment's through movePayment in states.ts, the order's through the order module's
 * moveOrder), so replays and races change nothing twice:
 *   payment pending → succeeded (with the order pending_payment → paid in the same transaction),
 *   or, when the order was cancelled meanwhile, the order → refunding and the money goes back;
 *   a second successful payment of a paid order is refunded on its own;
 *   refund processing → succeeded moves a refunding order → refunded.
 */
import 'server-only';
import { and, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { API_BASE } from '../../../api/protocol';
import { PAYMENT_QUERY_MIN_INTERVAL_MS, PAYMENT_SUBJECT_MAX, WECHAT_H5_REUSE_MS } from '../../payments/limits';
import { ORDER_STATUS_LABEL, type OrderStatus } from '../../../domain/order-status';
import type { PayChannel, PaymentChannel } from '../../../domain/payment-channels';
import type { PaymentStatus } from '../../../domain/payment-status';
import { payReturnHref } from '../../../domain/screens';
import { absoluteUrl, SHOP_NAME } from '../../../site';
import { shopStamp } from '../../../domain/shop-time';
import { createPaymentSchema } from '../../../validation/payment';
import { randomDigits } from '../../crypto';
import { getDb, withTx, type DbOrTx } from '../../db/client';
import { payments } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import { iso } from '../../iso';
import { log } from '../../log';
import { alipay } from '../../payments/alipay';
import { qrDataUrl } from '../../payments/qr';
import { providerFor } from '../../payments/registry';
import type { CreateTrade, ProviderTrade } from '../../payments/types';
import { refundPayment } from './order-payment';
import { findOwnOrder, markOrderPaidTx, moveOrder, orderItemsOf, type OrderRow } from '../order';
import { movePayment } from './states';

type PaymentRow = typeof payments.$inferSelect;

export type PaymentView = {
  paymentNo: string;
  orderNo: string;
  channel: PaymentChannel;
  status: PaymentStatus;
  amountFen: number;
  expiresAt: string;
  /** WeChat Native: the code_url, and the same drawn as a QR code (an SVG data: URL). */
  codeUrl: string | null;
  qrImage: string | null;
  /** WeChat H5: the page that hands over to WeChat. */
  h5Url: string | null;
  /** Alipay: our page that answers the SDK's auto-submitting form. */
  payformUrl: string | null;
  orderStatus: OrderStatus;
  orderStatusLabel: string;
};

// ------------------------------------------------------------------ numbers and views

/** out_trade_no: 22 digits (Beijing time + 8 random digits), never reused across attempts. */
export const newPaymentNo = () => `${shopStamp()}${randomDigits(8)}`;

/** What the pay screens show of a payment and its order (a code or link only while the payment is open). */
export async function paymentView(p: PaymentRow, o: OrderRow): Promise<PaymentView> {
  const open = p.status === 'pending';
  return {
    paymentNo: p.paymentNo,
    orderNo: o.orderNo,
    channel: p.channel,
    status: p.status,
    amountFen: p.amountFen,
    expiresAt: iso(p.expiresAt),
    codeUrl: open ? p.codeUrl : null,
    qrImage: open && p.codeUrl ? await qrDataUrl(p.codeUrl) : null,
    h5Url: open ? p.h5Url : null,
    payformUrl: open && (p.channel === 'alipay_page' || p.channel === 'alipay_wap') ? `${API_BASE}/payform/alipay/${p.paymentNo}` : null,
    orderStatus: o.status,
    orderStatusLabel: ORDER_STATUS_LABEL[o.status],
  };
}

async function subject(db: DbOrTx, orderId: number): Promise<string> {
  const items = await orderItemsOf(db, orderId);
  const count = items.reduce((n, i) => n + i.quantity, 0);
  const first = items[0]?.productName ?? '商品';
  const text = count > 1 ? `${first} 等 ${count} 件商品` : first;
  return `${SHOP_NAME}-${text}`.slice(0, PAYMENT_SUBJECT_MAX);
}

async function tradeOf(db: DbOrTx, p: PaymentRow, channel: PayChannel, o: OrderRow, clientIp: string): Promise<CreateTrade> {
  return {
    paymentNo: p.paymentNo,
    amountFen: p.amountFen,
    description: await subject(db, o.id),
    expiresAt: p.expiresAt,
    clientIp,
    returnUrl: absoluteUrl(payReturnHref(channel, { orderNo: o.orderNo, paymentNo: p.paymentNo })),
  };
}

// ------------------------------------------------------------------ start a payment

/** An open payment of the same channel is shown again; a WeChat H5 link only while it is young (WECHAT_H5_REUSE_MS). */
function reusable(p: PaymentRow): boolean {
  if (p.channel === 'wechat_h5') return Date.now() - p.createdAt.getTime() < WECHAT_H5_REUSE_MS && Boolean(p.h5Url);
  if (p.channel === 'wechat_native') return Boolean(p.codeUrl);
  return true;
}

export async function createPayment(userId: number, input: unknown, clientIp: string | null): Promise<PaymentView> {
  const v = createPaymentSchema.parse(input);
  const db = await getDb();
  // A deleted (hidden) order too: it is a finished one, refused below as such.
  const o = await findOwnOrder(db, userId, v.orderNo, true);
  if (o.status !== 'pending_payment') throw conflict(o.status === 'cancelled' ? '订单已取消，不能再支付' : '该订单已支付，无需重复支付');
  if (o.payDeadline <= new Date()) throw conflict('订单已超过支付时间，请重新下单');

  const [open] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, o.id), eq(payments.channel, v.channel), eq(payments.status, 'pending'), gt(payments.expiresAt, new Date())))
    .orderBy(desc(payments.id))
    .limit(1);
  if (open && reusable(open)) return paymentView(open, o);

  const [p] = await db
    .insert(payments)
    .values({ paymentNo: newPaymentNo(), orderId: o.id, channel: v.channel, amountFen: o.totalFen, expiresAt: o.payDeadline })
    .returning();
  try {
    const started = await providerFor(v.channel).start(v.channel, await tradeOf(db, p, v.channel, o, clientIp ?? '127.0.0.1'));
    const [updated] = await db
      .update(payments)
      .set({ codeUrl: started.codeUrl ?? null, h5Url: started.h5Url ?? null, updatedAt: new Date() })
      .where(eq(payments.id, p.id))
      .returning();
    log.info({ paymentNo: p.paymentNo, channel: v.channel, orderNo: o.orderNo }, 'payment started');
    return paymentView(updated, o);
  } catch (err) {
    await movePayment(db, p.id, 'pending', 'failed');
    log.error({ paymentNo: p.paymentNo, channel: v.channel, err: String(err) }, 'payment could not start');
    throw new AppError(500, '支付渠道暂时不可用，请稍后再试或换一种支付方式');
  }
}

/**
 * The auto-submitting form that takes the browser to Alipay's cashier, for the payment `p` of the order
 * `o` (the shopper's own: flows/alipay-form.ts found them): only while both are open and in time.
 */
export async function alipayFormFor(db: DbOrTx, p: PaymentRow, o: OrderRow, clientIp: string | null): Promise<string> {
  // The pay form is for a shopper's Alipay payment; a 自动续费 charge has none.
  const channel = p.channel;
  if (channel !== 'alipay_page' && channel !== 'alipay_wap') throw notFound('支付记录不存在');
  if (p.status !== 'pending' || o.status !== 'pending_payment') throw conflict('该订单已支付或已关闭，无需再次付款');
  if (p.expiresAt <= new Date()) throw conflict('订单已超过支付时间，请重新下单');
  return alipay.payForm(await tradeOf(db, p, channel, o, clientIp ?? '127.0.0.1'), channel === 'alipay_page' ? 'page' : 'wap');
}

// ------------------------------------------------------------------ status

export async function queryThrottled(db: DbOrTx, p: PaymentRow): Promise<boolean> {
  const now = new Date();
  const won = await db
    .update(payments)
    .set({ lastQueriedAt: now })
    .where(
      and(
        eq(payments.id, p.id),
        eq(payments.status, 'pending'),
        or(isNull(payments.lastQueriedAt), lt(payments.lastQueriedAt, new Date(now.getTime() - PAYMENT_QUERY_MIN_INTERVAL_MS))),
      ),
    )
    .returning({ id: payments.id });
  if (won.length === 0) return false;
  return (await queryAndApply(p)) !== 'unchanged';
}

async function queryAndApply(p: PaymentRow): Promise<string> {
  let trade: ProviderTrade;
  try {
    trade = await providerFor(p.channel).query(p.paymentNo);
  } catch (err) {
    log.warn({ paymentNo: p.paymentNo, err: String(err) }, 'payment query failed');
    return 'unchanged';
  }
  return applyTrade(p, trade, 'query');
}

// ------------------------------------------------------------------ settling

export type Outcome = 'paid' | 'late_refund' | 'double_refund' | 'duplicate' | 'closed' | 'failed' | 'unchanged' | 'amount_mismatch' | 'unknown_payment' | 'refund_settled' | 'refund_failed';

/** Outcomes the provider should stop sending (success, or a replay of one). */
export const ACCEPTED: ReadonlySet<Outcome> = new Set(['paid', 'late_refund', 'double_refund', 'duplicate', 'closed', 'failed', 'unchanged', 'refund_settled', 'refund_failed']);

/** Applies what the provider says of a trade (from a notification or a query). */
export async function applyTrade(p: PaymentRow, trade: ProviderTrade, source: 'notify' | 'query' | 'close'): Promise<Outcome> {
  const db = await getDb();
  if (trade.state === 'succeeded') {
    if (trade.amountFen !== p.amountFen) {
      log.error({ paymentNo: p.paymentNo, expected: p.amountFen, reported: trade.amountFen, source }, 'payment amount mismatch: not settled');
      return 'amount_mismatch';
    }
    return settleSuccess(p.id, trade.transactionId, trade.paidAt, source);
  }
  if (trade.state === 'closed' || trade.state === 'failed') {
    return (await movePayment(db, p.id, 'pending', trade.state)) ? trade.state : 'unchanged';
  }
  return 'unchanged';
}

async function settleSuccess(paymentId: number, transactionId: string, paidAt: Date, source: string): Promise<Outcome> {
  const result = await withTx(async (tx) => {
    const p = await movePayment(tx, paymentId, ['pending', 'closed', 'failed'], 'succeeded', { providerTxnId: transactionId.slice(0, 64), paidAt });
    if (!p) return { outcome: 'duplicate' as Outcome, p: null, refundId: null };
    if (await markOrderPaidTx(tx, p.orderId, paidAt)) return { outcome: 'paid' as Outcome, p, refundId: null };
    // The order was not waiting for this money: cancelled meanwhile (late), or paid by another payment.
    const late = await moveOrder(tx, p.orderId, 'cancelled', 'refunding');
    const refund = await refundPayment(tx, p.id, late ? '订单已取消，退回付款' : '重复支付，退回付款');
    return { outcome: (late ? 'late_refund' : 'double_refund') as Outcome, p, refundId: refund.id };
  });
  const p = result.p;
  if (!p) return result.outcome;
  log.info({ paymentNo: p.paymentNo, outcome: result.outcome, source }, 'payment settled');
  if (result.outcome === 'paid') await closeOrderPayments(p.orderId);
  return result.outcome;
}

/** Closes one open payment at its provider; if it turns out paid, it is settled (and refunded if late). */
export async function closePayment(p: PaymentRow): Promise<void> {
  const provider = providerFor(p.channel);
  try {
    await provider.close(p.paymentNo);
  } catch (err) {
    log.info({ paymentNo: p.paymentNo, err: String(err) }, 'payment close refused: asking its state');
  }
  let trade: ProviderTrade;
  try {
    trade = await provider.query(p.paymentNo);
  } catch (err) {
    log.warn({ paymentNo: p.paymentNo, err: String(err) }, 'payment state unknown after close: the sweep tries again');
    return;
  }
  await applyTrade(p, trade.state === 'pending' || trade.state === 'not_found' ? { state: 'closed' } : trade, 'close');
}

/** The order's payments still open (pending) at our end. */
function openPayments(db: DbOrTx, orderId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
}

/**
 * Closes the order's open provider transactions: after it is cancelled (order.ts calls this), and once
 * it is paid, so its other payments cannot be paid too (the paid one is no longer pending by then).
 */
export async function closeOrderPayments(orderId: number): Promise<void> {
  const db = await getDb();
  for (const p of await openPayments(db, orderId)) await closePayment(p);
}

/**
 * Before an unpaid order is cancelled for running out of time: asks the provider about its open
 * payments, so money that came just in time (notification still on its way) pays the order.
 * True when the order is paid now.
 */
export async function settleOpenPayments(orderId: number): Promise<boolean> {
  const db = await getDb();
  let paid = false;
  for (const p of await openPayments(db, orderId)) if ((await queryAndApply(p)) === 'paid') paid = true;
  return paid;
}

