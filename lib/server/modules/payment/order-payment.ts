/**
 * The payment that paid an order, and money going back from it (docs/states.md#refunds): the payment
 * rows are this module's, the refunds the refund module's. A refund is recorded with the payment row
 * locked here, then handed to the refund module (recordRefund), so the refunds of one payment are added
 * up one at a time and never come to more than it.
 */
import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { payments } from '../../db/schema';
import { conflict } from '../../errors';
import { goodsRefundedFen, goodsRefundTotals, recordRefund, refundableFen, type RefundOptions } from '../refund';

type PaymentRow = typeof payments.$inferSelect;

/**
 * The succeeded payment that paid the order: of its succeeded payments (a double payment makes two,
 * the second refunded whole as it settles) the one with the most still refundable, then the earliest.
 * Not simply the earliest: the gateway's paid time of the duplicate may come first.
 */
export async function orderPayment(db: DbOrTx, orderId: number): Promise<PaymentRow | null> {
  const paid = await db.select().from(payments).where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded'))).orderBy(asc(payments.paidAt), asc(payments.id));
  let best: { p: PaymentRow; left: number } | null = null;
  for (const p of paid) {
    const left = paid.length === 1 ? p.amountFen : await refundableFen(db, p);
    if (!best || left > best.left) best = { p, left };
  }
  return best?.p ?? null;
}

/**
 * A refund of `amountFen` of a succeeded payment (all of what is left when omitted), decided in the
 * caller's transaction: the payment row locked first, then the refund recorded and its sending written
 * to the outbox (recordRefund). 409 when the payment has not succeeded or the refund would go over.
 */
export async function refundPayment(tx: Tx, paymentId: number, reason: string, opts: RefundOptions = {}) {
  const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!p || p.status !== 'succeeded') throw conflict('该订单没有可退款的支付记录');
  return recordRefund(tx, p, reason, opts);
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

/** The same refunds split by state: settled (the provider said it is back) and still under way. */
export async function refundTotals(db: DbOrTx, orderId: number): Promise<{ settledFen: number; processingFen: number }> {
  const p = await orderPayment(db, orderId);
  return p ? goodsRefundTotals(db, p.id) : { settledFen: 0, processingFen: 0 };
}

/** A payment by id (the one a refund gives back from), or null. */
export async function paymentById(db: DbOrTx, id: number): Promise<PaymentRow | null> {
  const [p] = await db.select().from(payments).where(eq(payments.id, id));
  return p ?? null;
}
