/**
 * 我的订单, the shopper's list of orders: one page, filtered by status or 待评价, with what they may do with each.
 *
 * 我的订单, the shopper's list of orders (docs/states.md): one page, newest first, filtered by status
 * or 待评价, each with its first lines, what after-sales did to it and what the shopper may do. A read
 * model over several owners' tables: it reads and never writes (flows/order-list.ts applies the clock first).
 */
import 'server-only';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { isFinishedOrder, ORDER_STATUS_LABEL } from '../../domain/order-status';
import type { orderListSchema } from '../../validation/order';
import type { DbOrTx } from '../db/client';
import { countRows, paged, type Page } from '../db/paged';
import { orderItems, orders } from '../db/schema';
import { iso } from '../iso';
import { canAskAfterSale, loadOrderState } from '../modules/after-sales';
import { refundedFen } from '../modules/payment';
import { lineReviews, toReviewWhere } from '../modules/order';
import { afterSaleOf, removable } from './orders-actions';
import type { Order, OrderLine } from './orders-detail';

export type OrderSummary = Pick<Order, 'orderNo' | 'status' | 'statusLabel' | 'createdAt' | 'totalFen' | 'afterSale'> & {
  canAfterSale: boolean;
  /** 评价: a line of the order may be reviewed now (docs/reviews.md#who-and-when). */
  canReview: boolean;
  /** 再次购买 and 删除订单 of the list, as the order's actions say. */
  canRebuy: boolean;
  canRemove: boolean;
  itemCount: number;
  lines: Pick<OrderLine, 'productName' | 'skuName' | 'image' | 'quantity' | 'priceFen'>[];
};

/** The page `q` asks for of the shopper's orders (a deleted one is never listed). */
export async function orderList(db: DbOrTx, userId: number, q: z.infer<typeof orderListSchema>): Promise<Page<OrderSummary>> {
  const filter = q.status === 'to_review' ? toReviewWhere() : q.status ? eq(orders.status, q.status) : undefined;
  const where = and(eq(orders.userId, userId), isNull(orders.hiddenAt), filter);
  const count = db.select({ total: countRows }).from(orders).where(where);
  const rows = db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).$dynamic();
  return paged(q, count, rows, async (page) => {
    const [items, reviewed] = await Promise.all([
      page.length ? db.select().from(orderItems).where(inArray(orderItems.orderId, page.map((r) => r.id))).orderBy(asc(orderItems.id)) : [],
      lineReviews(db, page),
    ]);
    const states = await Promise.all(page.map(async (o) => [await loadOrderState(db, o), await refundedFen(db, o.id)] as const));
    return page.map((o, n) => {
      const mine = items.filter((i) => i.orderId === o.id);
      const [s, refunded] = states[n];
      return {
        afterSale: afterSaleOf(o, s, refunded),
        canAfterSale: canAskAfterSale(s),
        canReview: mine.some((i) => reviewed.get(i.id)?.reviewable),
        canRebuy: isFinishedOrder(o.status),
        canRemove: removable(o, s),
        orderNo: o.orderNo,
        status: o.status,
        statusLabel: ORDER_STATUS_LABEL[o.status],
        createdAt: iso(o.createdAt),
        totalFen: o.totalFen,
        itemCount: mine.reduce((n, i) => n + i.quantity, 0),
        lines: mine.slice(0, 3).map((i) => ({ productName: i.productName, skuName: i.skuName, image: i.image, quantity: i.quantity, priceFen: i.priceFen })),
      };
    });
  });
}
