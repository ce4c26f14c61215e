/**
 * The shopper's 售后 list: their requests, newest first, each with its order's number and first lines.
 *
 * 售后, the shopper's list of requests (GET /aftersales, docs/api.md#after-sales): newest first, paged,
 * optionally of one state, each with its order's number and first lines. A view: the requests are read
 * with their order (a deleted order takes its finished requests out of the list with it).
 */
import 'server-only';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterSaleListSchema } from '../../validation/after-sale';
import { getDb } from '../db/client';
import { countRows, paged, type Page } from '../db/paged';
import { afterSales, orders } from '../db/schema';
import type { AfterSaleSummary } from '../modules/after-sales';
import { summarise } from './after-sale';

export async function listAfterSales(userId: number, query: unknown): Promise<Page<AfterSaleSummary>> {
  const q = afterSaleListSchema.parse(query);
  const db = await getDb();
  // A deleted order (删除订单) takes its finished requests out of the list with it.
  const where = and(eq(afterSales.userId, userId), isNull(orders.hiddenAt), q.status ? eq(afterSales.status, q.status) : undefined);
  const count = db.select({ total: countRows }).from(afterSales).innerJoin(orders, eq(orders.id, afterSales.orderId)).where(where);
  const rows = db
    .select({ a: afterSales, orderNo: orders.orderNo })
    .from(afterSales)
    .innerJoin(orders, eq(orders.id, afterSales.orderId))
    .where(where)
    .orderBy(desc(afterSales.createdAt), desc(afterSales.id))
    .$dynamic();
  return paged(q, count, rows, (page) =>
    summarise(
      db,
      page.map((r) => ({ ...r.a, orderNo: r.orderNo })),
    ),
  );
}
