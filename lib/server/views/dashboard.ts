/**
 * The console's 概览: today's orders and revenue, and what waits for an operator.
 *
 * 概览: today's orders and revenue (Beijing day), orders waiting to ship, invoices waiting, after-sales to review and to receive, bad reviews to answer, low stock, notices that keep failing, 在线客服 conversations waiting.
 */
import 'server-only';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { LOW_STOCK_LISTED, LOW_STOCK_THRESHOLD } from '../../domain/catalog-rules';
import type { OrderStatus } from '../../domain/order-status';
import { shopDay, shopDayStart } from '../../domain/shop-time';
import { getDb } from '../db/client';
import { countRows } from '../db/paged';
import { afterSales, invoices, orders, products, skus } from '../db/schema';
import { badReviewsToReply } from '../modules/reviews';
import { lowStockSku as lowStock } from '../modules/catalog';
import { countFailingEvents } from '../modules/outbox';
import { supportQueueStats } from '../modules/support';

export type Dashboard = {
  day: string;
  ordersToday: number;
  paidToday: number;
  revenueTodayFen: number;
  toShip: number;
  invoicesPending: number;
  /** After-sales requests waiting for the operator: 待审核, and 退货中 (goods on their way back, to be received). */
  afterSalesToReview: number;
  afterSalesToReceive: number;
  /** Shown 1–2 star reviews with no 商家回复 yet. */
  badReviewsToReply: number;
  lowStockThreshold: number;
  /** Every on-sale device SKU at or under the threshold; `lowStock` lists the first LOW_STOCK_LISTED of them. */
  lowStockCount: number;
  lowStock: { productId: number; productName: string; skuId: number; skuName: string; stock: number }[];
  /** Outbox events that keep failing (docs/outbox.md#console). */
  failingNotices: number;
  /** 在线客服: conversations nobody took yet, and since when the longest of them waits (docs/support.md#console). */
  supportWaiting: number;
  supportLongestWaitSince: string | null;
};

/** Revenue counts what was paid today and is not being or has not been refunded (a partly refunded order counts what it kept). */
const KEPT: OrderStatus[] = ['paid', 'shipped', 'completed'];

export async function getDashboard(): Promise<Dashboard> {
  const db = await getDb();
  const day = shopDay();
  const start = shopDayStart(day);
  const count = countRows;
  const [[created], [paid], [toShip], [pendingInvoices], lowStockRows, [lowStockCount], [toReview], [toReceive], badReviews, failingNotices] = await Promise.all([
    db.select({ n: count }).from(orders).where(gte(orders.createdAt, start)),
    db
      // A day's takings can pass the integer range: the sum stays bigint, read as a JS number. What
      // after-sales gave back of an order that is still kept (partly refunded) is not takings. The
      // columns are spelled out: drizzle writes them unqualified in a one-table select, and inside
      // the subquery "id" would be the refund's.
      .select({
        n: count,
        fen: sql<number>`coalesce(sum("orders"."total_fen" - (select coalesce(sum(r.amount_fen), 0) from refunds r where r.order_id = "orders"."id" and r.after_sale_id is not null and r.status <> 'failed')), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(and(gte(orders.paidAt, start), inArray(orders.status, KEPT))),
    db.select({ n: count }).from(orders).where(and(eq(orders.status, 'paid'), eq(orders.kind, 'device'))),
    db.select({ n: count }).from(invoices).where(eq(invoices.status, 'pending')),
    db
      .select({ productId: products.id, productName: products.name, skuId: skus.id, skuName: skus.name, stock: skus.stock })
      .from(skus)
      .innerJoin(products, eq(products.id, skus.productId))
      .where(lowStock)
      .orderBy(asc(skus.stock), asc(skus.id))
      .limit(LOW_STOCK_LISTED),
    db.select({ n: count }).from(skus).innerJoin(products, eq(products.id, skus.productId)).where(lowStock),
    db.select({ n: count }).from(afterSales).where(eq(afterSales.status, 'pending_review')),
    db.select({ n: count }).from(afterSales).where(eq(afterSales.status, 'returning')),
    badReviewsToReply(db),
    countFailingEvents(db),
  ]);
  const support = await supportQueueStats(db);
  return {
    day,
    ordersToday: created.n,
    paidToday: paid.n,
    revenueTodayFen: Number(paid.fen),
    toShip: toShip.n,
    invoicesPending: pendingInvoices.n,
    afterSalesToReview: toReview.n,
    afterSalesToReceive: toReceive.n,
    badReviewsToReply: badReviews,
    lowStockThreshold: LOW_STOCK_THRESHOLD,
    lowStockCount: lowStockCount.n,
    lowStock: lowStockRows,
    failingNotices,
    supportWaiting: support.waiting,
    supportLongestWaitSince: support.longestWaitSince,
  };
}
