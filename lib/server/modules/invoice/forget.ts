/**
 * 注销账号 (docs/privacy.md#deregistration), the invoices' part: an invoice being issued or reversed
 * refuses it; issued invoices keep title, tax number, amounts and numbers, the address they were mailed
 * to goes, and so do the saved titles.
 */
import 'server-only';
import { and, eq, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { invoices, invoiceTitles } from '../../db/schema';

/** Whether one of the shopper's invoices is being issued (pending) or reversed (红冲 pending). */
export async function hasInvoiceUnderWay(db: DbOrTx, userId: number): Promise<boolean> {
  const [invoice] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), or(eq(invoices.status, 'pending'), eq(invoices.reversal, 'pending'))))
    .limit(1);
  return Boolean(invoice);
}

export async function forgetUser(tx: Tx, userId: number): Promise<void> {
  await tx.delete(invoiceTitles).where(eq(invoiceTitles.userId, userId));
  await tx.update(invoices).set({ email: '', updatedAt: new Date() }).where(eq(invoices.userId, userId));
}
