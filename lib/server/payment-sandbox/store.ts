/** The demo gateways' own books (table sandbox_trades): create, find, and guarded state changes. */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { shopStamp } from '../../domain/shop-time';
import { randomDigits } from '../crypto';
import { getDb, withTx } from '../db/client';
import { sandboxRefunds, sandboxTrades } from '../db/schema';
import type { ProviderName } from '../payments/types';

export type SandboxTrade = typeof sandboxTrades.$inferSelect;
export type SandboxProvider = ProviderName;

/** WeChat: 4200 + 24 digits (28); Alipay: yyyyMMdd + 20 digits (28). */
const newTradeNo = (provider: SandboxProvider) => (provider === 'wechat' ? `4200${randomDigits(24)}` : `${shopStamp().slice(0, 8)}2200${randomDigits(16)}`);

/** Paid, whether or not refunded since. */
export const isPaid = (t: SandboxTrade) => t.status === 'SUCCESS' || t.status === 'REFUND';

/** Unpaid and past its time_expire: it can no longer be paid, and the gateway reports it closed. */
export const isExpired = (t: SandboxTrade, now: Date) => t.status === 'NOTPAY' && t.expiresAt !== null && t.expiresAt <= now;

export async function findTrade(provider: SandboxProvider, merchantId: string, outTradeNo: string): Promise<SandboxTrade | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(sandboxTrades)
    .where(and(eq(sandboxTrades.provider, provider), eq(sandboxTrades.merchantId, merchantId), eq(sandboxTrades.outTradeNo, outTradeNo)));
  return row ?? null;
}

export async function findTradeByRef(provider: SandboxProvider, ref: string): Promise<SandboxTrade | null> {
  if (!/^[0-9a-f]{32}$/.test(ref)) return null;
  const db = await getDb();
  const [row] = await db.select().from(sandboxTrades).where(and(eq(sandboxTrades.provider, provider), eq(sandboxTrades.ref, ref)));
  return row ?? null;
}

export type NewTrade = Pick<SandboxTrade, 'merchantId' | 'appId' | 'outTradeNo' | 'tradeType' | 'description' | 'amountFen' | 'notifyUrl' | 'returnUrl' | 'expiresAt'>;

/** Creates the trade, or returns the one that exists for the same merchant and out_trade_no. */
export async function createTrade(provider: SandboxProvider, t: NewTrade): Promise<SandboxTrade> {
  const db = await getDb();
  const [row] = await db
    .insert(sandboxTrades)
    .values({ provider, ref: randomBytes(16).toString('hex'), tradeNo: newTradeNo(provider), ...t })
    .onConflictDoNothing({ target: [sandboxTrades.provider, sandboxTrades.merchantId, sandboxTrades.outTradeNo] })
    .returning();
  return row ?? (await findTrade(provider, t.merchantId, t.outTradeNo))!;
}

/** NOTPAY → SUCCESS; false when the trade was not waiting (paid, closed) or has expired. */
export async function payTrade(id: number): Promise<SandboxTrade | null> {
  const db = await getDb();
  const [row] = await db
    .update(sandboxTrades)
    .set({ status: 'SUCCESS', paidAt: new Date() })
    .where(and(eq(sandboxTrades.id, id), eq(sandboxTrades.status, 'NOTPAY')))
    .returning();
  return row ?? null;
}

/** NOTPAY → PAYERROR: a charge on a contract the payer's balance could not cover. */
export async function failTrade(id: number): Promise<SandboxTrade | null> {
  const db = await getDb();
  const [row] = await db
    .update(sandboxTrades)
    .set({ status: 'PAYERROR' })
    .where(and(eq(sandboxTrades.id, id), eq(sandboxTrades.status, 'NOTPAY')))
    .returning();
  return row ?? null;
}

export async function closeTrade(id: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db.update(sandboxTrades).set({ status: 'CLOSED' }).where(and(eq(sandboxTrades.id, id), eq(sandboxTrades.status, 'NOTPAY'))).returning({ id: sandboxTrades.id });
  return rows.length > 0;
}

export type SandboxRefund = typeof sandboxRefunds.$inferSelect;

/** The provider's id of a refund (WeChat: 50 + digits, as its refund_id looks). */
const newRefundId = () => `50${randomDigits(30)}`;

export async function findRefund(tradeId: number, refundNo: string): Promise<SandboxRefund | null> {
  const db = await getDb();
  const [row] = await db.select().from(sandboxRefunds).where(and(eq(sandboxRefunds.tradeId, tradeId), eq(sandboxRefunds.refundNo, refundNo)));
  return row ?? null;
}

/**
 * Records a refund of a paid trade once per refund number (a repeat answers the first), never more in
 * all than the trade: the trade row is locked while the others are added up, as a provider must.
 */
export async function startRefund(
  tradeId: number,
  refundNo: string,
  amountFen: number,
  notifyUrl: string | null,
): Promise<{ refund: SandboxRefund; repeat: boolean } | 'not_paid' | 'exceeds' | 'amount_differs'> {
  return withTx(async (tx) => {
    const [t] = await tx.select().from(sandboxTrades).where(eq(sandboxTrades.id, tradeId)).for('update');
    if (!t || !isPaid(t)) return 'not_paid';
    const [same] = await tx.select().from(sandboxRefunds).where(and(eq(sandboxRefunds.tradeId, tradeId), eq(sandboxRefunds.refundNo, refundNo)));
    if (same) return same.amountFen === amountFen ? { refund: same, repeat: true } : 'amount_differs';
    const [{ sum }] = await tx.select({ sum: sql<number>`coalesce(sum(${sandboxRefunds.amountFen}), 0)::int` }).from(sandboxRefunds).where(eq(sandboxRefunds.tradeId, tradeId));
    if (sum + amountFen > t.amountFen) return 'exceeds';
    const [refund] = await tx.insert(sandboxRefunds).values({ tradeId, refundNo, refundId: newRefundId(), amountFen, notifyUrl }).returning();
    return { refund, repeat: false };
  });
}

/** PROCESSING → SUCCESS once; the trade reads 转入退款 from then on. The refund, or null when it was not waiting. */
export async function finishRefund(refundId: number): Promise<SandboxRefund | null> {
  return withTx(async (tx) => {
    const [row] = await tx
      .update(sandboxRefunds)
      .set({ status: 'SUCCESS', settledAt: new Date() })
      .where(and(eq(sandboxRefunds.id, refundId), eq(sandboxRefunds.status, 'PROCESSING')))
      .returning();
    if (row) await tx.update(sandboxTrades).set({ status: 'REFUND' }).where(eq(sandboxTrades.id, row.tradeId));
    return row ?? null;
  });
}

/** What has been refunded of a trade so far (succeeded refunds). */
export async function refundedOf(tradeId: number): Promise<number> {
  const db = await getDb();
  const [{ sum }] = await db
    .select({ sum: sql<number>`coalesce(sum(${sandboxRefunds.amountFen}), 0)::int` })
    .from(sandboxRefunds)
    .where(and(eq(sandboxRefunds.tradeId, tradeId), eq(sandboxRefunds.status, 'SUCCESS')));
  return sum;
}
