/**
 * The one writer of after_sales.status: every move of AFTER_SALE_TRANSITIONS (lib/domain/after-sale.ts) is one
 * guarded `UPDATE … WHERE status IN (<from>)` plus its timeline row, in the caller's transaction; of
 * two racing callers (approve vs cancel, the refund's notification vs the sweep) one moves the request
 * and the other finds nothing to move (docs/after-sales.md#moves).
 */
import 'server-only';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { AFTER_SALE_TYPES, mayMoveAfterSale, type AfterSaleActor, type AfterSaleStatus } from '../../../domain/after-sale';
import { formatFen } from '../../../domain/money';
import type { DbOrTx, Tx } from '../../db/client';
import { afterSaleEvents, afterSales } from '../../db/schema';
import { notify } from '../messages';

type AfterSaleRow = typeof afterSales.$inferSelect;
type AfterSaleChange = Partial<Omit<typeof afterSales.$inferInsert, 'id' | 'status'>>;

/** Moves the requests matching `where` from `from` to `to`, writing one timeline row each; the rows it moved. */
async function moveAfterSales(
  db: DbOrTx,
  where: SQL | undefined,
  from: AfterSaleStatus | readonly AfterSaleStatus[],
  to: AfterSaleStatus,
  by: AfterSaleActor,
  note: string,
  set: AfterSaleChange = {},
): Promise<AfterSaleRow[]> {
  const froms: readonly AfterSaleStatus[] = typeof from === 'string' ? [from] : from;
  for (const f of froms) if (!mayMoveAfterSale(f, to, undefined, by)) throw new Error(`an after-sales request never moves ${f} → ${to} by ${by}`);
  // Only the types the table gives this move (an exchange is never refunded, a refund never reshipped),
  // per state it leaves: 撤销 takes every type from 待审核 but only returns from 待寄回, so one list of
  // types for all the states would refuse a 仅退款 withdrawn from 待审核.
  const allowed = froms.map((f) => and(eq(afterSales.status, f), inArray(afterSales.type, AFTER_SALE_TYPES.filter((t) => mayMoveAfterSale(f, to, t, by)))));
  const moved = await db
    .update(afterSales)
    .set({ dueAt: null, updatedAt: new Date(), ...set, status: to })
    .where(and(where, or(...allowed)))
    .returning();
  if (moved.length) await db.insert(afterSaleEvents).values(moved.map((r) => ({ afterSaleId: r.id, status: to, actor: by, note: note.slice(0, 300) })));
  return moved;
}

/** Moves one request; the moved row, or undefined when another caller won. */
export async function moveAfterSale(
  db: DbOrTx,
  id: number,
  from: AfterSaleStatus | readonly AfterSaleStatus[],
  to: AfterSaleStatus,
  by: AfterSaleActor,
  note: string,
  set?: AfterSaleChange,
): Promise<AfterSaleRow | undefined> {
  const [row] = await moveAfterSales(db, eq(afterSales.id, id), from, to, by, note, set);
  return row;
}

/** A timeline row that does not move the request (运费补偿 decided or paid): at its present state. */
export async function noteAfterSale(db: DbOrTx, afterSaleId: number, by: AfterSaleActor, note: string): Promise<AfterSaleRow> {
  const [row] = await db.update(afterSales).set({ updatedAt: new Date() }).where(eq(afterSales.id, afterSaleId)).returning();
  await db.insert(afterSaleEvents).values({ afterSaleId, status: row.status, actor: by, note: note.slice(0, 300) });
  return row;
}

/** A request's 运费补偿 came back (docs/after-sales.md#return-shipping): a timeline row, and the shopper hears of it. */
export async function returnShippingRefunded(tx: Tx, afterSaleId: number, amountFen: number): Promise<void> {
  const row = await noteAfterSale(tx, afterSaleId, 'payment', `运费补偿 ${formatFen(amountFen)} 已原路退回`);
  await notify(tx, row.userId, 'after_sale_refunded', { afterSaleNo: row.afterSaleNo, amount: formatFen(amountFen) }, `${row.afterSaleNo}:shipping`);
}

/** The refund of a request succeeded: 退款中 → 已退款, and the shopper hears of it. */
export async function afterSaleRefunded(tx: Tx, afterSaleId: number, amountFen: number): Promise<void> {
  const row = await moveAfterSale(tx, afterSaleId, 'refunding', 'refunded', 'payment', `退款 ${formatFen(amountFen)} 已原路退回`);
  if (row) await notify(tx, row.userId, 'after_sale_refunded', { afterSaleNo: row.afterSaleNo, amount: formatFen(amountFen) }, row.afterSaleNo);
}
