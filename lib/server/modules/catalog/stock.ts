/**
 * Stock (docs/states.md#stock): the one writer of skus.stock besides the operator's 商品 form. Units
 * leave with a conditional decrement (`stock = stock - n WHERE stock >= n`), so stock never goes below
 * zero however many orders race, and come back with a plain increment. Both run in the caller's
 * transaction, one SKU row at a time in skuId order: every writer locks SKUs in one order, so two
 * transactions never wait on each other's rows (no deadlock).
 */
import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { skus } from '../../db/schema';

export type StockLine = { skuId: number; quantity: number };

const bySku = <L extends StockLine>(lines: readonly L[]): L[] => [...lines].sort((x, y) => x.skuId - y.skuId);

/**
 * Takes the lines' units out of stock. The first line short of stock throws `whenShort(line)`, which
 * rolls the caller's transaction back with whatever was taken before it. The row locks are held to
 * the commit: callers take stock last, so orders of one SKU queue for as short a time as they can.
 */
export async function takeStock<L extends StockLine>(tx: Tx, lines: readonly L[], whenShort: (line: L) => Error): Promise<void> {
  const now = new Date();
  for (const l of bySku(lines)) {
    const taken = await tx
      .update(skus)
      .set({ stock: sql`${skus.stock} - ${l.quantity}`, updatedAt: now })
      .where(and(eq(skus.id, l.skuId), sql`${skus.stock} >= ${l.quantity}`))
      .returning({ id: skus.id });
    if (taken.length === 0) throw whenShort(l);
  }
}

/** Puts the lines' units back (a cancelled order, a refund before shipment, returned goods put back on the shelf). */
export async function returnStock(tx: Tx, lines: readonly StockLine[]): Promise<void> {
  const now = new Date();
  for (const l of bySku(lines)) {
    await tx.update(skus).set({ stock: sql`${skus.stock} + ${l.quantity}`, updatedAt: now }).where(eq(skus.id, l.skuId));
  }
}
