/**
 * 价保 claims (docs/rules.md#价保): a claim recorded with its refund in the deciding transaction (the
 * order row locked by the caller, the claim's unique index the once-guard), what earlier claims gave
 * back per line, and the claim following its refund to 已退款 or 退款失败.
 */
import 'server-only';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PriceProtectSource } from '../../../domain/price-protect';
import type { DbOrTx, Tx } from '../../db/client';
import { priceProtectClaims } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique';
import { conflict } from '../../errors';
import { refundPayment } from '../payment';

export type ClaimRow = typeof priceProtectClaims.$inferSelect;

const notFailed = ne(priceProtectClaims.status, 'failed');

/** Per order line, what its claims (under way or settled) gave back, in fen. */
export async function claimedByLine(db: DbOrTx, orderItemIds: readonly number[]): Promise<Map<number, number>> {
  if (orderItemIds.length === 0) return new Map();
  const rows = await db
    .select({ id: priceProtectClaims.orderItemId, fen: sql<number>`sum(${priceProtectClaims.amountFen})::int` })
    .from(priceProtectClaims)
    .where(and(inArray(priceProtectClaims.orderItemId, [...orderItemIds]), notFailed))
    .groupBy(priceProtectClaims.orderItemId);
  return new Map(rows.map((r) => [r.id, r.fen]));
}

/** The same for every line of one order: what an after-sales refund of the line leaves out (docs/after-sales.md#价保). */
export async function protectedFenOfOrder(db: DbOrTx, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: priceProtectClaims.orderItemId, fen: sql<number>`sum(${priceProtectClaims.amountFen})::int` })
    .from(priceProtectClaims)
    .where(and(eq(priceProtectClaims.orderId, orderId), notFailed))
    .groupBy(priceProtectClaims.orderItemId);
  return new Map(rows.map((r) => [r.id, r.fen]));
}

export type NewClaim = {
  userId: number;
  orderId: number;
  orderNo: string;
  orderItemId: number;
  skuId: number;
  priceHistoryId: number;
  lowPriceFen: number;
  paidUnitFen: number;
  quantity: number;
  amountFen: number;
  source: PriceProtectSource;
};

/**
 * The claim and its refund, in the caller's transaction (the order row locked): the refund of the
 * difference recorded against the payment that paid the order (sent after the commit, an outbox event),
 * then the claim naming it. A second claim of the same drop breaks the unique index: 409, and nothing of
 * this transaction is kept.
 */
export async function recordClaim(tx: Tx, paymentId: number, c: NewClaim): Promise<ClaimRow> {
  const { orderNo, ...row } = c;
  const refund = await refundPayment(tx, paymentId, `价保退款 ${orderNo}`, { amountFen: c.amountFen, kind: 'price_protect' });
  try {
    // A savepoint, so the violation is answered as a 409 rather than aborting the caller's transaction unread.
    return await tx.transaction(async (sp) => {
      const [claim] = await sp
        .insert(priceProtectClaims)
        .values({ ...row, refundId: refund.id })
        .returning();
      return claim;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'price_protect_claims_once')) throw conflict('本次降价已申请过价保，价格再降低时可再次申请');
    throw err;
  }
}

/** The refund of a claim settled: the claim → 已退款, once. The claim, or null when the refund is none of 价保's or was settled before. */
export async function claimRefunded(tx: Tx, refundId: number, at: Date | null): Promise<ClaimRow | null> {
  const [claim] = await tx
    .update(priceProtectClaims)
    .set({ status: 'refunded', refundedAt: at ?? new Date(), updatedAt: new Date() })
    .where(and(eq(priceProtectClaims.refundId, refundId), eq(priceProtectClaims.status, 'refunding')))
    .returning();
  return claim ?? null;
}

/** The provider refused a claim's refund: the claim → 退款失败, and the line may be claimed again. */
export async function claimRefundFailed(db: DbOrTx, refundId: number): Promise<void> {
  await db
    .update(priceProtectClaims)
    .set({ status: 'failed', updatedAt: new Date() })
    .where(and(eq(priceProtectClaims.refundId, refundId), eq(priceProtectClaims.status, 'refunding')));
}
