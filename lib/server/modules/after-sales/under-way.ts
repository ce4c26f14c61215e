/**
 * 注销账号 (docs/privacy.md#deregistration) is refused while an after-sales request is open; requests
 * themselves stay with their decisions (their photos go with the uploads module's part).
 */
import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { UNFINISHED_AFTER_SALE_STATUSES } from '../../../domain/privacy';
import type { DbOrTx } from '../../db/client';
import { afterSales } from '../../db/schema';

/** Whether one of the shopper's after-sales requests is still open (UNFINISHED_AFTER_SALE_STATUSES). */
export async function hasUnfinishedAfterSale(db: DbOrTx, userId: number): Promise<boolean> {
  const [sale] = await db
    .select({ id: afterSales.id })
    .from(afterSales)
    .where(and(eq(afterSales.userId, userId), inArray(afterSales.status, UNFINISHED_AFTER_SALE_STATUSES)))
    .limit(1);
  return Boolean(sale);
}
