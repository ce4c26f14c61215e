/**
 * Whether an order has an after-sales request still open (docs/after-sales.md): the console's
 * whole-order 退款 waits for it, and 删除订单 is refused while one is.
 */
import 'server-only';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { OPEN_AFTER_SALE_STATUSES } from '../../../domain/after-sale';
import type { DbOrTx } from '../../db/client';
import { afterSales } from '../../db/schema';

const openRequestOf = (orderId: number) => and(eq(afterSales.orderId, orderId), inArray(afterSales.status, OPEN_AFTER_SALE_STATUSES));

export async function hasOpenAfterSale(db: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await db.select({ id: afterSales.id }).from(afterSales).where(openRequestOf(orderId)).limit(1);
  return Boolean(row);
}

/**
 * The same as a condition of the caller's guarded UPDATE of the order (`not exists (…)`), so the check
 * and the write are one statement: a request opened meanwhile is seen, or waits for it.
 */
export function noOpenAfterSale(db: DbOrTx, orderId: number): SQL {
  return sql`not exists (${db.select({ id: afterSales.id }).from(afterSales).where(openRequestOf(orderId))})`;
}
