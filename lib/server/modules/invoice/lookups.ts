/** An invoice the shopper names by its id (the one a 在线客服 conversation is about). */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoices } from '../../db/schema';

/** The id back when the invoice is the shopper's, else null (another shopper's too). */
export async function shopperInvoiceId(db: DbOrTx, userId: number, id: number): Promise<number | null> {
  const [i] = await db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.id, id), eq(invoices.userId, userId)));
  return i?.id ?? null;
}
