/**
 * What the after-sales module asks of refunds: a request's refunds (newest first), its latest 运费补偿
 * refund, and the goods money already recorded for requests against a payment (运费补偿 never takes it).
 */
import 'server-only';
import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refunds } from '../../db/schema';

/** The request's refunds, newest first. */
export async function refundsOfAfterSale(db: DbOrTx, afterSaleId: number) {
  return db.select().from(refunds).where(eq(refunds.afterSaleId, afterSaleId)).orderBy(desc(refunds.id));
}

/** The request's latest 运费补偿 refund, if any. */
export async function latestReturnShippingRefund(db: DbOrTx, afterSaleId: number) {
  const [r] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.afterSaleId, afterSaleId), eq(refunds.kind, 'return_shipping')))
    .orderBy(sql`${refunds.id} desc`)
    .limit(1);
  return r ?? null;
}

/** The goods refunds of after-sales requests recorded against the payment and not failed, in fen. */
export async function afterSaleGoodsRecordedFen(db: DbOrTx, paymentId: number): Promise<number> {
  const [recorded] = await db
    .select({ fen: sql<number>`coalesce(sum(${refunds.amountFen}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.kind, 'goods'), isNotNull(refunds.afterSaleId), ne(refunds.status, 'failed')));
  return recorded.fen;
}
