/**
 * The status the pay screens poll: the payment and its order, the provider asked when no notification came.
 *
 * The status the pay screens poll: the payment and its order; with no notification yet, the provider is asked (at most every 5 s).
 */
import 'server-only';
import { getDb } from '../db/client';
import { paymentView, queryThrottled, type PaymentView } from '../modules/payment';
import { ownPayment } from '../views/payment-status';

export async function getPayment(userId: number, paymentNo: string): Promise<PaymentView> {
  const db = await getDb();
  let { p, o } = await ownPayment(db, userId, paymentNo);
  if (p.status === 'pending' && (await queryThrottled(db, p))) ({ p, o } = await ownPayment(db, userId, paymentNo));
  return paymentView(p, o);
}
