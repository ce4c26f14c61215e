/**
 * Refunds (docs/states.md#refunds): money going back through the provider that took it, the whole
 * payment or a part of it. One row per refund in `refunds`, its number the provider's out_refund_no
 * (WeChat) / out_request_no (Alipay), so sending it again is harmless. A refund is recorded in the
 * transaction that decides it, with the payment row locked so the refunds of a payment never add up
 * to more than it; sent after the commit and settled once (processing → succeeded, guarded: moveRefund
 * in states.ts is the one writer of its state) by the refund-settled flow
 * (lib/server/flows/refund-settled.ts), which crosses into orders, coupons and after-sales.
 */
import 'server-only';
import { and, asc, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import { shopStamp } from '../../../domain/shop-time';
import { randomDigits } from '../../crypto';
import { getDb, type DbOrTx, type Tx } from '../../db/client';
import { payments, refunds } from '../../db/schema';
import { conflict } from '../../errors';
import { log } from '../../log';
import { emit } from '../../outbox/emit';
import type { RefundKind } from '../../../domain/payment-channels';
import { moveRefund } from './states';

type RefundRow = typeof refunds.$inferSelect;

const newRefundNo = () => `R${shopStamp()}${randomDigits(8)}`;

/** What of a payment is still not refunded (refunds under way count; failed ones do not). */
export async function refundableFen(db: DbOrTx, paymentId: number): Promise<number> {
  // Two plain queries: drizzle writes the columns of a raw correlated subquery unqualified, and
  // `"payment_id" = "id"` inside it compared a refund's payment with the refund's own id.
  const [p] = await db.select({ amount: payments.amountFen }).from(payments).where(eq(payments.id, paymentId));
  if (!p) return 0;
  const [taken] = await db
    .select({ sum: sql<number>`coalesce(sum(${refunds.amountFen}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), ne(refunds.status, 'failed')));
  return p.amount - taken.sum;
}

/**
 * The succeeded payment that paid the order: of its succeeded payments (a double payment makes two,
 * the second refunded whole as it settles) the one with the most still refundable, then the earliest.
 * Not simply the earliest: the gateway's paid time of the duplicate may come first.
 */
export async function orderPayment(db: DbOrTx, orderId: number) {
  const paid = await db.select().from(payments).where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded'))).orderBy(asc(payments.paidAt), asc(payments.id));
  let best: { p: (typeof paid)[number]; left: number } | null = null;
  for (const p of paid) {
    const left = paid.length === 1 ? p.amountFen : await refundableFen(db, p.id);
    if (!best || left > best.left) best = { p, left };
  }
  return best?.p ?? null;
}

/**
 * Records a refund of `amountFen` of a succeeded payment (all of what is left when omitted), in the
 * caller's transaction, to be sent after the commit (sendRefund). The payment row is locked first, so
 * concurrent refunds of one payment are added up one at a time: 409 when this one would go over.
 */
async function recordRefund(tx: Tx, paymentId: number, reason: string, opts: RefundOptions): Promise<RefundRow> {
  const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!p || p.status !== 'succeeded') throw conflict('该订单没有可退款的支付记录');
  const left = await refundableFen(tx, paymentId);
  const amountFen = opts.amountFen ?? left;
  if (amountFen <= 0 || amountFen > left) throw conflict(`退款金额超过可退金额（最多可退 ${(left / 100).toFixed(2)} 元）`);
  const [r] = await tx
    .insert(refunds)
    .values({ refundNo: newRefundNo(), paymentId, orderId: p.orderId, afterSaleId: opts.afterSaleId ?? null, kind: opts.kind ?? 'goods', amountFen, reason: reason.slice(0, 80) })
    .returning();
  return r;
}

type RefundOptions = { amountFen?: number; afterSaleId?: number; kind?: RefundKind };

/**
 * A refund decided: recorded (recordRefund) and its sending to the provider written to the outbox in
 * the same transaction, so no refund is kept that never goes out, and none goes out that was rolled back
 * (docs/outbox.md). The provider's answer settles it later (the refund-settled flow).
 */
export async function refundPayment(tx: Tx, paymentId: number, reason: string, opts: RefundOptions = {}): Promise<RefundRow> {
  const r = await recordRefund(tx, paymentId, reason, opts);
  await emit(tx, { kind: 'refund_send', payload: { refundId: r.id } });
  return r;
}

export async function failRefund(refundId: number): Promise<void> {
  const db = await getDb();
  const r = await moveRefund(db, refundId, 'processing', 'failed');
  if (r) log.error({ refundNo: r.refundNo, afterSaleId: r.afterSaleId }, 'refund failed at the provider: the operator must act');
}

/** A refund notification: the refund it names, of the payment it names. */
export async function findRefund(db: DbOrTx, paymentId: number, refundNo: string): Promise<RefundRow | null> {
  const [r] = await db.select().from(refunds).where(and(eq(refunds.paymentId, paymentId), eq(refunds.refundNo, refundNo)));
  return r ?? null;
}

/** Of a payment, what its refunds of the order's money (not failed) add up to: 运费补偿 is not a part of the order given back. */
export async function goodsRefundedFen(db: DbOrTx, paymentId: number): Promise<number> {
  const [taken] = await db
    .select({ sum: sql<number>`coalesce(sum(${refunds.amountFen}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.kind, 'goods'), ne(refunds.status, 'failed')));
  return taken.sum;
}

/**
 * What the order has given back or is giving back: the refunds (not failed) of the payment that paid
 * it. A double payment's refund is that payment's money, not the order's; 运费补偿 is the return's
 * shipping, not the order's (docs/after-sales.md#return-shipping).
 */
export async function refundedFen(db: DbOrTx, orderId: number): Promise<number> {
  const p = await orderPayment(db, orderId);
  return p ? goodsRefundedFen(db, p.id) : 0;
}

/** The order's 运费补偿 (not failed), under way or settled: what the order's page shows beside its refunds. */
export async function returnShippingRefunds(db: DbOrTx, orderId: number): Promise<{ amountFen: number; status: RefundRow['status'] }[]> {
  return db
    .select({ amountFen: refunds.amountFen, status: refunds.status })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.kind, 'return_shipping'), ne(refunds.status, 'failed')))
    .orderBy(asc(refunds.id));
}

/** The same refunds split by state: settled (the provider said it is back) and still under way. */
export async function refundTotals(db: DbOrTx, orderId: number): Promise<{ settledFen: number; processingFen: number }> {
  const p = await orderPayment(db, orderId);
  if (!p) return { settledFen: 0, processingFen: 0 };
  const [t] = await db
    .select({
      settled: sql<number>`coalesce(sum(${refunds.amountFen}) filter (where ${refunds.status} = 'succeeded'), 0)::int`,
      processing: sql<number>`coalesce(sum(${refunds.amountFen}) filter (where ${refunds.status} = 'processing'), 0)::int`,
    })
    .from(refunds)
    .where(and(eq(refunds.paymentId, p.id), eq(refunds.kind, 'goods')));
  return { settledFen: t.settled, processingFen: t.processing };
}

/** A refund to send to the provider, with the payment it gives back from (the provider's trade number and total). */
export async function refundToSend(db: DbOrTx, refundId: number): Promise<{ r: RefundRow; p: typeof payments.$inferSelect } | null> {
  const [row] = await db.select({ r: refunds, p: payments }).from(refunds).innerJoin(payments, eq(payments.id, refunds.paymentId)).where(eq(refunds.id, refundId));
  return row ?? null;
}

/** The order a refund gives money back for, or null when there is no such refund. */
export async function orderOfRefund(db: DbOrTx, refundId: number): Promise<number | null> {
  const [row] = await db.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
  return row?.orderId ?? null;
}

/** None of the order's refunds is under way: a condition of the caller's guarded UPDATE of the order, checked in the same statement. */
export const noRefundUnderWay = (orderId: number): SQL =>
  sql`not exists (select 1 from ${refunds} where ${refunds.orderId} = ${orderId} and ${refunds.status} = 'processing')`;

/** Refunds still under way and quiet since `stale`: the sweep sends them again. */
export function staleRefunds(db: DbOrTx, stale: Date, limit: number): Promise<{ id: number }[]> {
  return db.select({ id: refunds.id }).from(refunds).where(and(eq(refunds.status, 'processing'), lt(refunds.updatedAt, stale))).limit(limit);
}
