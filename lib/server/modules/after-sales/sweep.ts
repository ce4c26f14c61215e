/**
 * The after-sales clock (docs/after-sales.md#timers), run by the server's sweep once a minute: a
 * request 48 hours in 待审核 is approved, one 7 days in 待寄回 without a waybill is withdrawn, an
 * exchange 7 days after its new goods went out completes. Each in its own transaction, as the same
 * guarded moves the shopper and operator make, so a sweep racing them (or another instance's sweep)
 * changes nothing twice.
 */
import 'server-only';
import { and, eq, lte } from 'drizzle-orm';
import { AFTER_SALE_RETURN_DAYS } from '../../../domain/after-sale-rules';
import { getDb, withTx } from '../../db/client';
import { afterSales } from '../../db/schema';
import { log } from '../../log';
import { moveAfterSale } from './states';
import { approve } from './flow';
import { lockOrder } from '../order';

type Counts = { approved: number; withdrawn: number; completed: number };

export async function sweepAfterSales(now = new Date()): Promise<Counts> {
  const db = await getDb();
  const due = await db
    .select()
    .from(afterSales)
    .where(lte(afterSales.dueAt, now))
    .orderBy(afterSales.dueAt)
    .limit(200);
  const counts: Counts = { approved: 0, withdrawn: 0, completed: 0 };
  for (const a of due) {
    try {
      const moved = await withTx(async (tx) => {
        await lockOrder(tx, a.orderId);
        const [fresh] = await tx.select().from(afterSales).where(and(eq(afterSales.id, a.id), lte(afterSales.dueAt, now)));
        if (!fresh) return null;
        if (fresh.status === 'pending_review') {
          await approve(tx, fresh, 'timer', 'other');
          return 'approved' as const;
        }
        if (fresh.status === 'awaiting_return') {
          const m = await moveAfterSale(tx, a.id, 'awaiting_return', 'cancelled', 'timer', `超过 ${AFTER_SALE_RETURN_DAYS} 天未填写退货物流，申请已自动撤销`);
          return m ? ('withdrawn' as const) : null;
        }
        if (fresh.status === 'reshipped') {
          const m = await moveAfterSale(tx, a.id, 'reshipped', 'completed', 'timer', '换新商品已签收，售后自动完成');
          return m ? ('completed' as const) : null;
        }
        return null;
      });
      if (moved) counts[moved]++;
    } catch (err) {
      log.error({ afterSaleNo: a.afterSaleNo, err: String(err) }, 'after-sales sweep step failed: tried again next time');
    }
  }
  if (counts.approved || counts.withdrawn || counts.completed) log.info(counts, 'after-sales sweep');
  return counts;
}
