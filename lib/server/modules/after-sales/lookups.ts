/** A request the shopper names by its number (the one a 在线客服 conversation is about). */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { afterSales } from '../../db/schema';

/** The id of the shopper's request of this number, or null (another shopper's too). */
export async function shopperAfterSaleId(db: DbOrTx, userId: number, afterSaleNo: string): Promise<number | null> {
  const [a] = await db.select({ id: afterSales.id }).from(afterSales).where(and(eq(afterSales.afterSaleNo, afterSaleNo), eq(afterSales.userId, userId)));
  return a?.id ?? null;
}
