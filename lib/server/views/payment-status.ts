/**
 * A shopper's payment with its order in one prepared statement, for the pay screens that poll it.
 *
 * A shopper's payment with its order, as the pay screens ask for it every 2 s while the shopper waits
 * (flows/payment-status.ts, flows/alipay-form.ts): one statement joining the payment and the order,
 * prepared once (lib/server/db/prepared.ts). A read model over the payment's and the order's tables:
 * it never writes.
 */
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { PAYMENT_NO } from '../../validation/payment';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { orders, payments } from '../db/schema';
import { notFound } from '../errors';

const ownPaymentQuery = preparedQuery((db) =>
  db
    .select({ p: payments, o: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.paymentNo, sql.placeholder('paymentNo')), eq(orders.userId, sql.placeholder('userId'))))
    .prepare('own_payment'),
);

/** The payment `paymentNo` of one of the user's orders, with that order; 404 for another's or none. */
export async function ownPayment(db: Db, userId: number, paymentNo: string): Promise<{ p: typeof payments.$inferSelect; o: typeof orders.$inferSelect }> {
  if (!PAYMENT_NO.test(paymentNo)) throw notFound('支付记录不存在');
  const [row] = await ownPaymentQuery(db).execute({ paymentNo, userId });
  if (!row) throw notFound('支付记录不存在');
  return row;
}
