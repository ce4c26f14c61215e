/**
 * The demo gateways' books of deduction contracts (table sandbox_contracts): made when the shop asks for a
 * signing page, then guarded moves PENDING → SIGNED | CANCELLED, SIGNED → TERMINATED, and the demo's
 * 余额不足 switch.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { randomDigits } from '../crypto';
import { getDb } from '../db/client';
import { sandboxContracts } from '../db/schema';
import type { SandboxProvider } from './store';

export type SandboxContract = typeof sandboxContracts.$inferSelect;
export type NewContract = Pick<SandboxContract, 'merchantId' | 'outContractCode' | 'plan' | 'displayAccount' | 'description' | 'amountFen' | 'notifyUrl' | 'returnUrl'>;

/** WeChat's contract_id is digits; Alipay's agreement_no is 20 + digits (as theirs look). */
const newContractId = (provider: SandboxProvider) => (provider === 'wechat' ? `2020${randomDigits(20)}` : `20${randomDigits(18)}`);

/** Creates the contract, or answers the one that exists for the same merchant and contract number. */
export async function createContract(provider: SandboxProvider, c: NewContract): Promise<SandboxContract> {
  const db = await getDb();
  const [row] = await db
    .insert(sandboxContracts)
    .values({ provider, ref: randomBytes(16).toString('hex'), contractId: newContractId(provider), ...c })
    .onConflictDoNothing({ target: [sandboxContracts.provider, sandboxContracts.merchantId, sandboxContracts.outContractCode] })
    .returning();
  if (row) return row;
  const [found] = await db
    .select()
    .from(sandboxContracts)
    .where(and(eq(sandboxContracts.provider, provider), eq(sandboxContracts.merchantId, c.merchantId), eq(sandboxContracts.outContractCode, c.outContractCode)));
  return found;
}

export async function contractByRef(provider: SandboxProvider, ref: string): Promise<SandboxContract | null> {
  if (!/^[0-9a-f]{32}$/.test(ref)) return null;
  const db = await getDb();
  const [row] = await db.select().from(sandboxContracts).where(and(eq(sandboxContracts.provider, provider), eq(sandboxContracts.ref, ref)));
  return row ?? null;
}

export async function contractById(provider: SandboxProvider, merchantId: string, contractId: string): Promise<SandboxContract | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(sandboxContracts)
    .where(and(eq(sandboxContracts.provider, provider), eq(sandboxContracts.merchantId, merchantId), eq(sandboxContracts.contractId, contractId)));
  return row ?? null;
}

type Status = 'PENDING' | 'SIGNED' | 'CANCELLED' | 'TERMINATED';

/** One guarded move; the contract after it, or null when it was not in `from`. */
export async function moveContract(id: number, from: Status, to: Status): Promise<SandboxContract | null> {
  const db = await getDb();
  const now = new Date();
  const [row] = await db
    .update(sandboxContracts)
    .set({ status: to, ...(to === 'SIGNED' ? { signedAt: now } : {}), ...(to === 'TERMINATED' ? { terminatedAt: now } : {}) })
    .where(and(eq(sandboxContracts.id, id), eq(sandboxContracts.status, from)))
    .returning();
  return row ?? null;
}

/** The demo's switch: while on, every charge on the contract fails for 余额不足. */
export async function setBalanceShort(id: number, short: boolean): Promise<void> {
  const db = await getDb();
  await db.update(sandboxContracts).set({ balanceShort: short }).where(eq(sandboxContracts.id, id));
}
