/**
 * The payment rows of 自动续费 charges (docs/subscriptions.md#自动续费): a charge on a signed contract is an
 * ordinary payment of its order, under a deduction channel, for exactly the order's amount, settled by the
 * provider's notification or the sweep's query like any other (applyTrade); a charge the provider refused
 * at once is failed here.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { DeductionChannel } from '../../../domain/payment-channels';
import { getDb } from '../../db/client';
import { payments } from '../../db/schema';
import { conflict } from '../../errors';
import { findOrderRow } from '../order';
import { newPaymentNo } from './payment';
import { movePayment } from './states';

/** A pending payment of the unpaid order `orderNo` by `channel`, for its whole amount. */
export async function openDeductionPayment(orderNo: string, channel: DeductionChannel, amountFen: number): Promise<{ paymentNo: string }> {
  const db = await getDb();
  const o = await findOrderRow(db, orderNo);
  if (o.status !== 'pending_payment') throw conflict('该订单不在待付款状态，不能扣款');
  if (o.totalFen !== amountFen) throw conflict('扣款金额与订单金额不一致');
  const [p] = await db.insert(payments).values({ paymentNo: newPaymentNo(), orderId: o.id, channel, amountFen, expiresAt: o.payDeadline }).returning({ paymentNo: payments.paymentNo });
  return p;
}

/** The provider refused the charge at once (余额不足, contract gone, unreachable): its payment failed. */
export async function failDeductionPayment(paymentNo: string): Promise<void> {
  const db = await getDb();
  const [p] = await db.select({ id: payments.id }).from(payments).where(eq(payments.paymentNo, paymentNo));
  if (p) await movePayment(db, p.id, 'pending', 'failed');
}
