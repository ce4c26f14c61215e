/**
 * Refunds (docs/states.md#refunds): money going back through the provider that took it, the whole
 * payment or a part of it. One row per refund in `refunds`, its number the provider's out_refund_no
 * (WeChat) / out_request_no (Alipay), so sending it again is harmless. A refund is recorded in the
 * transaction that decides it, with the payment row locked (by the payment module, which owns it and
 * hands the row here: refundPayment) so the refunds of a payment never add up to more than it; sent
 * after the commit and settled once (processing → succeeded, guarded: moveRefund in states.ts is the
 * one writer of its state) by the refund-settled flow (lib/server/flows/refund-settled.ts), which
 * crosses into orders, coupons and after-sales.
 */
import 'server-only';
import { and, asc, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import { shopStamp } from '../../../domain/shop-time';
import { randomDigits } from '../../crypto';
import { getDb, type DbOrTx, type Tx } from '../../db/client';
import { refunds } from '../../db/schema';
import { conflict } from '../../errors';
import { log } from '../../log';
import { emit } from '../../outbox/emit';
import type { RefundKind } from '../../../domain/payment-channels';
import { moveRefund } from './states';

type RefundRow = typeof refunds.$inferSelect;

/** Refunds of the order's money: its goods and shipping, and 价保's differences; 运费补偿 is the return's shipping, not the order's (docs/after-sales.md#return-shipping). */
const orderMoney = ne(refunds.kind, 'return_shipping');

const newRefundNo = () => `R${shopStamp()}${randomDigits(8)}`;

/** The payment a refund gives back from, as its owner (the payment module) read it. */
type RefundedPayment = { id: number; orderId: number; amountFen: number };

/** What of a payment is still not refunded (refunds under way count; failed ones do not). */
export async function refundableFen(db: DbOrTx, payment: Pick<RefundedPayment, 'id' | 'amountFen'>): Promise<number> {
  const [taken] = await db
    .select({ sum: sql<number>`coalesce(sum(${refunds.amountFen}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), ne(refunds.status, 'failed')));
  return payment.amountFen - taken.sum;
}

export type RefundOptions = { amountFen?: number; afterSaleId?: number; kind?: RefundKind };

/**
 * Records a refund of `amountFen` of a succeeded payment (all of what is left when omitted), in the
 * caller's transaction, and its sending to the provider written to the outbox in the same transaction,
 * so no refund is kept that never goes out, and none goes out that was rolled back (docs/outbox.md).
 * The caller holds the payment row's lock (the payment module's refundPayment takes it), so concurrent
 * refunds of one payment are added up one at a time: 409 when this one would go over. The provider's
 * answer settles it later (the refund-settled flow).
 */
export async function recordRefund(tx: Tx, payment: RefundedPayment, reason: string, opts: RefundOptions): Promise<RefundRow> {
  const left = await refundableFen(tx, payment);
  const amountFen = opts.amountFen ?? left;
  if (amountFen <= 0 || amountFen > left) throw conflict(`退款金额超过可退金额（最多可退 ${(left / 100).toFixed(2)} 元）`);
  const [r] = await tx
    .insert(refunds)
    .values({ refundNo: newRefundNo(), paymentId: payment.id, orderId: payment.orderId, afterSaleId: opts.afterSaleId ?? null, kind: opts.kind ?? 'goods', amountFen, reason: reason.slice(0, 80) })
    .returning();
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

/** Of a payment, what its refunds of the order's money (not failed) add up to, 价保 included: 运费补偿 is not a part of the order given back. */
export async function goodsRefundedFen(db: DbOrTx, paymentId: number): Promise<number> {
  const [taken] = await db
    .select({ sum: sql<number>`coalesce(sum(${refunds.amountFen}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), orderMoney, ne(refunds.status, 'failed')));
  return taken.sum;
}

/** The order's 运费补偿 (not failed), under way or settled: what the order's page shows beside its refunds. */
export async function returnShippingRefunds(db: DbOrTx, orderId: number): Promise<{ amountFen: number; status: RefundRow['status'] }[]> {
  return db
    .select({ amountFen: refunds.amountFen, status: refunds.status })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.kind, 'return_shipping'), ne(refunds.status, 'failed')))
    .orderBy(asc(refunds.id));
}

/** A payment's refunds of the order's money split by state: settled (the provider said it is back) and still under way. */
export async function goodsRefundTotals(db: DbOrTx, paymentId: number): Promise<{ settledFen: number; processingFen: number }> {
  const [t] = await db
    .select({
      settled: sql<number>`coalesce(sum(${refunds.amountFen}) filter (where ${refunds.status} = 'succeeded'), 0)::int`,
      processing: sql<number>`coalesce(sum(${refunds.amountFen}) filter (where ${refunds.status} = 'processing'), 0)::int`,
    })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), orderMoney));
  return { settledFen: t.settled, processingFen: t.processing };
}

/** A refund to send to the provider (its payment is the payment module's to read), or null when there is none. */
export async function refundToSend(db: DbOrTx, refundId: number): Promise<RefundRow | null> {
  const [r] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  return r ?? null;
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
