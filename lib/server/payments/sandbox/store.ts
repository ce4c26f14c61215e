/** The demo gateways' own books (table sandbox_trades): create, find, and guarded state changes. */
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { sandboxTrades } from '../../db/schema';

export type SandboxTrade = typeof sandboxTrades.$inferSelect;
export type SandboxProvider = 'wechat' | 'alipay';

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');

function beijingStamp(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 8);
}

/** WeChat: 4200 + 24 digits (28); Alipay: yyyyMMdd + 20 digits (28). */
const newTradeNo = (provider: SandboxProvider) => (provider === 'wechat' ? `4200${digits(24)}` : `${beijingStamp()}2200${digits(16)}`);

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

export async function findTradeByRefund(provider: SandboxProvider, refundNo: string): Promise<SandboxTrade | null> {
  const db = await getDb();
  const [row] = await db.select().from(sandboxTrades).where(and(eq(sandboxTrades.provider, provider), eq(sandboxTrades.refundNo, refundNo)));
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
