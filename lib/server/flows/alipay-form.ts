/**
 * The auto-submitting form that takes the shopper's browser to Alipay's cashier for an open Alipay payment.
 *
 * The auto-submitting form that takes the browser to Alipay's cashier (GET /payform/alipay/{paymentNo}), for an open Alipay payment of the shopper's.
 */
import 'server-only';
import { getDb } from '../db/client';
import { alipayFormFor } from '../modules/payment';
import { ownPayment } from '../views/payment-status';

export async function alipayPayForm(userId: number, paymentNo: string, clientIp: string | null): Promise<string> {
  const db = await getDb();
  const { p, o } = await ownPayment(db, userId, paymentNo);
  return alipayFormFor(db, p, o, clientIp);
}
