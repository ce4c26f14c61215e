/** The demo gateways' own books (table sandbox_trades): create, find, and guarded state changes. */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { shopStamp } from '../../../shop-time';
import { randomDigits } from '../../crypto';
import { getDb } from '../../db/client';
import { sandboxTrades } from '../../db/schema';
import type { ProviderName } from '../types';

export type SandboxTrade = typeof sandboxTrades.$inferSelect;
export type SandboxProvider = ProviderName;

/** WeChat: 4200 + 24 digits (28); Alipay: yyyyMMdd + 20 digits (28). */
const newTradeNo = (provider: SandboxProvider) => (provider === 'wechat' ? `4200${randomDigits(24)}` : `${shopStamp().slice(0, 8)}2200${randomDigits(16)}`);

/** Paid, whether or not refunded since. */
export const isPaid = (t: SandboxTrade) => t.status === 'SUCCESS' || t.status === 'REFUND';

/** Unpaid and past its time_expire: it can no longer be paid, and the gateway reports it closed. */
export const isExpired = (t: SandboxTrade, now: Date) => t.status === 'NOTPAY' && t.expiresAt !== null && t.expiresAt <= now;

/** The provider's refund id of a trade (WeChat: 50 + the trade number after its 4200). */
export const refundIdOf = (t: SandboxTrade) => `50${t.tradeNo.slice(4)}`;

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

export async function closeTrade(id: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db.update(sandboxTrades).set({ status: 'CLOSED' }).where(and(eq(sandboxTrades.id, id), eq(sandboxTrades.status, 'NOTPAY'))).returning({ id: sandboxTrades.id });
  return rows.length > 0;
}

/** Records a refund request once (the first out_refund_no wins); the trade must be paid. */
export async function startRefund(id: number, refundNo: string, refundFen: number): Promise<SandboxTrade | null> {
  const db = await getDb();
  const [row] = await db
    .update(sandboxTrades)
    .set({ refundNo, refundFen, refundStatus: 'PROCESSING' })
    .where(and(eq(sandboxTrades.id, id), eq(sandboxTrades.status, 'SUCCESS'), isNull(sandboxTrades.refundNo)))
    .returning();
  return row ?? null;
}

export async function finishRefund(id: number): Promise<SandboxTrade | null> {
  const db = await getDb();
  const [row] = await db
    .update(sandboxTrades)
    .set({ refundStatus: 'SUCCESS', status: 'REFUND' })
    .where(and(eq(sandboxTrades.id, id), eq(sandboxTrades.refundStatus, 'PROCESSING')))
    .returning();
  return row ?? null;
}
