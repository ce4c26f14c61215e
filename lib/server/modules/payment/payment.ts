/**
 * Payments (docs/states.md#payment-statuses, docs/decisions/payments.md). The shop never takes a
 * browser's word for a payment: only a verified notification or the provider's own answer to a
 * query settles one, and only for the amount of the order it belongs to. Every change is a guarded
 * UPDATE (the order's through order-states.ts), so replays and races change nothing twice:
 *   payment pending → succeeded (with the order pending_payment → paid in the same transaction),
 *   or, when the order was cancelled meanwhile, the order → refunding and the money goes back;
 *   a second successful payment of a paid order is refunded on its own;
 *   refund processing → succeeded moves a refunding order → refunded.
 */
import 'server-only';
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import {
  API_BASE,
  PAYMENT_QUERY_MIN_INTERVAL_MS,
  PAYMENT_RECONCILE_AFTER_MS,
  PAYMENT_SUBJECT_MAX,
  PAYMENT_SWEEP_QUIET_MS,
  SHOP_NAME,
  WECHAT_H5_REUSE_MS,
} from '../../../constants';
import { ORDER_STATUS_LABEL, REFUNDABLE_ORDER_STATUSES, type OrderStatus } from '../../../order-status';
import type { PayChannel, PaymentStatus } from '../../../payment-channels';
import { payReturnHref } from '../../../screens';
import { absoluteUrl } from '../../../site';
import { shopStamp } from '../../../shop-time';
import { PAYMENT_NO, createPaymentSchema } from '../../../validation/payment';
import { randomDigits } from '../../crypto';
import { getDb, withTx, type DbOrTx, type Tx } from '../../db/client';
import { orderItems, orders, paymentNotifications, payments } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import { iso } from '../../iso';
import { log } from '../../log';
import { emit } from '../../outbox/emit';
import { alipay } from '../../payments/alipay';
import { qrDataUrl } from '../../payments/qr';
import { providerFor } from '../../payments/registry';
import { NOTIFY_REPLY, type NotifyReply } from '../../payments/replies';
import { NotificationRejected, providerOf, type CreateTrade, type ProviderName, type ProviderTrade, type VerifiedNotification } from '../../payments/types';
import { wechatPay } from '../../payments/wechat';
import { markOrderPaidTx } from '../order/paid';
import { findRefund, failRefund, hasOpenAfterSale, orderPayment, recordRefund, sendRefund, settleRefund, sweepRefunds } from '../refund/refund';
import { moveOrder } from '../order/states';

type PaymentRow = typeof payments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export type PaymentView = {
  paymentNo: string;
  orderNo: string;
  channel: PayChannel;
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
const newPaymentNo = () => `${shopStamp()}${randomDigits(8)}`;

async function view(p: PaymentRow, o: OrderRow): Promise<PaymentView> {
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
    payformUrl: open && providerOf(p.channel) === 'alipay' ? `${API_BASE}/payform/alipay/${p.paymentNo}` : null,
    orderStatus: o.status,
    orderStatusLabel: ORDER_STATUS_LABEL[o.status],
  };
}

async function subject(db: DbOrTx, orderId: number): Promise<string> {
  const items = await db.select({ name: orderItems.productName, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const count = items.reduce((n, i) => n + i.quantity, 0);
  const first = items[0]?.name ?? '商品';
  const text = count > 1 ? `${first} 等 ${count} 件商品` : first;
  return `${SHOP_NAME}-${text}`.slice(0, PAYMENT_SUBJECT_MAX);
}

async function tradeOf(db: DbOrTx, p: PaymentRow, o: OrderRow, clientIp: string): Promise<CreateTrade> {
  return {
    paymentNo: p.paymentNo,
    amountFen: p.amountFen,
    description: await subject(db, o.id),
    expiresAt: p.expiresAt,
    clientIp,
    returnUrl: absoluteUrl(payReturnHref(p.channel, { orderNo: o.orderNo, paymentNo: p.paymentNo })),
  };
}

async function ownPayment(db: DbOrTx, userId: number, paymentNo: string): Promise<{ p: PaymentRow; o: OrderRow }> {
  if (!PAYMENT_NO.test(paymentNo)) throw notFound('支付记录不存在');
  const [row] = await db
    .select({ p: payments, o: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.paymentNo, paymentNo), eq(orders.userId, userId)));
  if (!row) throw notFound('支付记录不存在');
  return row;
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
  const [o] = await db.select().from(orders).where(and(eq(orders.orderNo, v.orderNo), eq(orders.userId, userId)));
  if (!o) throw notFound('订单不存在');
  if (o.status !== 'pending_payment') throw conflict(o.status === 'cancelled' ? '订单已取消，不能再支付' : '该订单已支付，无需重复支付');
  if (o.payDeadline <= new Date()) throw conflict('订单已超过支付时间，请重新下单');

  const [open] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, o.id), eq(payments.channel, v.channel), eq(payments.status, 'pending'), gt(payments.expiresAt, new Date())))
    .orderBy(desc(payments.id))
    .limit(1);
  if (open && reusable(open)) return view(open, o);

  const [p] = await db
    .insert(payments)
    .values({ paymentNo: newPaymentNo(), orderId: o.id, channel: v.channel, amountFen: o.totalFen, expiresAt: o.payDeadline })
    .returning();
  try {
    const started = await providerFor(v.channel).start(v.channel, await tradeOf(db, p, o, clientIp ?? '127.0.0.1'));
    const [updated] = await db
      .update(payments)
      .set({ codeUrl: started.codeUrl ?? null, h5Url: started.h5Url ?? null, updatedAt: new Date() })
      .where(eq(payments.id, p.id))
      .returning();
    log.info({ paymentNo: p.paymentNo, channel: v.channel, orderNo: o.orderNo }, 'payment started');
    return view(updated, o);
  } catch (err) {
    await db.update(payments).set({ status: 'failed', updatedAt: new Date() }).where(and(eq(payments.id, p.id), eq(payments.status, 'pending')));
    log.error({ paymentNo: p.paymentNo, channel: v.channel, err: String(err) }, 'payment could not start');
    throw new AppError(500, '支付渠道暂时不可用，请稍后再试或换一种支付方式');
  }
}

/** The auto-submitting form that takes the browser to Alipay's cashier (GET /payform/alipay/{paymentNo}). */
export async function alipayPayForm(userId: number, paymentNo: string, clientIp: string | null): Promise<string> {
  const db = await getDb();
  const { p, o } = await ownPayment(db, userId, paymentNo);
  if (providerOf(p.channel) !== 'alipay') throw notFound('支付记录不存在');
  if (p.status !== 'pending' || o.status !== 'pending_payment') throw conflict('该订单已支付或已关闭，无需再次付款');
  if (p.expiresAt <= new Date()) throw conflict('订单已超过支付时间，请重新下单');
  return alipay.payForm(await tradeOf(db, p, o, clientIp ?? '127.0.0.1'), p.channel === 'alipay_page' ? 'page' : 'wap');
}

// ------------------------------------------------------------------ status

/** The status the pay screens poll. With no notification yet, asks the provider (at most every 5 s). */
export async function getPayment(userId: number, paymentNo: string): Promise<PaymentView> {
  const db = await getDb();
  let { p, o } = await ownPayment(db, userId, paymentNo);
  if (p.status === 'pending' && (await queryThrottled(db, p))) ({ p, o } = await ownPayment(db, userId, paymentNo));
  return view(p, o);
}

async function queryThrottled(db: DbOrTx, p: PaymentRow): Promise<boolean> {
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

type Outcome = 'paid' | 'late_refund' | 'double_refund' | 'duplicate' | 'closed' | 'failed' | 'unchanged' | 'amount_mismatch' | 'unknown_payment' | 'refund_settled' | 'refund_failed';

/** Outcomes the provider should stop sending (success, or a replay of one). */
const ACCEPTED: ReadonlySet<Outcome> = new Set(['paid', 'late_refund', 'double_refund', 'duplicate', 'closed', 'failed', 'unchanged', 'refund_settled', 'refund_failed']);

/** Applies what the provider says of a trade (from a notification or a query). */
async function applyTrade(p: PaymentRow, trade: ProviderTrade, source: 'notify' | 'query' | 'close'): Promise<Outcome> {
  const db = await getDb();
  if (trade.state === 'succeeded') {
    if (trade.amountFen !== p.amountFen) {
      log.error({ paymentNo: p.paymentNo, expected: p.amountFen, reported: trade.amountFen, source }, 'payment amount mismatch: not settled');
      return 'amount_mismatch';
    }
    return settleSuccess(p.id, trade.transactionId, trade.paidAt, source);
  }
  if (trade.state === 'closed' || trade.state === 'failed') {
    const done = await db
      .update(payments)
      .set({ status: trade.state, updatedAt: new Date() })
      .where(and(eq(payments.id, p.id), eq(payments.status, 'pending')))
      .returning({ id: payments.id });
    return done.length ? trade.state : 'unchanged';
  }
  return 'unchanged';
}

async function settleSuccess(paymentId: number, transactionId: string, paidAt: Date, source: string): Promise<Outcome> {
  const result = await withTx(async (tx) => {
    const [p] = await tx
      .update(payments)
      .set({ status: 'succeeded', providerTxnId: transactionId.slice(0, 64), paidAt, updatedAt: new Date() })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, ['pending', 'closed', 'failed'])))
      .returning();
    if (!p) return { outcome: 'duplicate' as Outcome, p: null, refundId: null };
    if (await markOrderPaidTx(tx, p.orderId, paidAt)) return { outcome: 'paid' as Outcome, p, refundId: null };
    // The order was not waiting for this money: cancelled meanwhile (late), or paid by another payment.
    const late = await moveOrder(tx, p.orderId, 'cancelled', 'refunding');
    const refund = await recordRefund(tx, p.id, late ? '订单已取消，退回付款' : '重复支付，退回付款');
    return { outcome: (late ? 'late_refund' : 'double_refund') as Outcome, p, refundId: refund.id };
  });
  const p = result.p;
  if (!p) return result.outcome;
  log.info({ paymentNo: p.paymentNo, outcome: result.outcome, source }, 'payment settled');
  if (result.outcome === 'paid') await closeOrderPayments(p.orderId);
  else if (result.refundId) await sendRefund(result.refundId);
  return result.outcome;
}

/** Closes one open payment at its provider; if it turns out paid, it is settled (and refunded if late). */
async function closePayment(p: PaymentRow): Promise<void> {
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

// ------------------------------------------------------------------ refunds

/**
 * paid / shipped → refunding, and what is left of the money (after any after-sales refunds) goes back
 * through the provider that took it (the operator console's 退款; not while an after-sales request of
 * the order is open). The refund's notification or the sweep settles it. In the caller's transaction
 * (with its invoice follow-up and audit row); the refund goes to the provider after the commit, as an
 * outbox event (docs/outbox.md).
 */
export async function refundOrder(tx: Tx, orderId: number, reason: string): Promise<void> {
  // The order row locked first, as after-sales does: a request made meanwhile is either seen here or waits.
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (await hasOpenAfterSale(tx, orderId)) throw conflict('该订单有进行中的售后申请，请先在售后中处理');
  if (!(await moveOrder(tx, orderId, REFUNDABLE_ORDER_STATUSES, 'refunding'))) throw conflict('当前订单状态不能退款');
  const p = await orderPayment(tx, orderId);
  if (!p) throw conflict('该订单没有可退款的支付记录');
  const r = await recordRefund(tx, p.id, reason);
  await emit(tx, { kind: 'refund_send', payload: { refundId: r.id } });
}

// ------------------------------------------------------------------ notifications

async function processNotification(provider: ProviderName, n: VerifiedNotification, raw: string): Promise<Outcome> {
  const db = await getDb();
  const stored = await db
    .insert(paymentNotifications)
    .values({ provider, eventId: n.eventId.slice(0, 128), paymentNo: n.paymentNo.slice(0, 32), verified: true, outcome: 'received', body: raw.slice(0, 20_000) })
    .onConflictDoNothing({ target: [paymentNotifications.provider, paymentNotifications.eventId] })
    .returning({ id: paymentNotifications.id });

  const [p] = PAYMENT_NO.test(n.paymentNo) ? await db.select().from(payments).where(eq(payments.paymentNo, n.paymentNo)) : [];
  let outcome: Outcome;
  if (!p || providerOf(p.channel) !== provider) outcome = 'unknown_payment';
  else if (n.kind === 'refund') {
    const r = await findRefund(db, p.id, n.refundNo);
    if (!r) outcome = 'unknown_payment';
    else if (n.state === 'succeeded') outcome = (await settleRefund(r.id)) ? 'refund_settled' : 'duplicate';
    else if (n.state === 'failed') outcome = (await failRefund(r.id), 'refund_failed');
    else outcome = 'unchanged';
  } else outcome = await applyTrade(p, n.trade, 'notify');

  if (stored.length) await db.update(paymentNotifications).set({ outcome }).where(eq(paymentNotifications.id, stored[0].id));
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
  const orphans = await db
    .select({ p: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.status, 'pending'), ne(orders.status, 'pending_payment'), lt(payments.updatedAt, stale)))
    .limit(100);
  for (const { p } of orphans) await closePayment(p);
  // Reconciliation: an open payment nobody has asked about for a while (its notification may have been
  // lost, say in a crash between the provider's answer and ours) is asked about once more.
  const quiet = new Date(Date.now() - PAYMENT_RECONCILE_AFTER_MS);
  const unasked = await db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, quiet), or(isNull(payments.lastQueriedAt), lt(payments.lastQueriedAt, quiet))))
    .limit(100);
  for (const p of unasked) if (await queryThrottled(db, p)) reconciled++;
  if (refunds || orphans.length || reconciled) log.info({ refunds, closed: orphans.length, reconciled }, 'payment sweep');
  return { refunds, closed: orphans.length, reconciled };
}
