/**
 * The order screens' reviews (docs/reviews.md#who-and-when): per line whether it may be reviewed now or
 * has its review (and whether 追评 is open), which orders are 待评价, and their count for 我的. The
 * orders and their lines are this module's; the reviews are asked of the reviews module.
 */
import 'server-only';
import { and, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { getDb, type DbOrTx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { type LineReview, mayAppend, mayReviewOrder, notReviewed, reviewsOfOrders, reviewWindowStart } from '../reviews';

/** The review state of each line of these orders, by order item id. */
export async function lineReviews(db: DbOrTx, list: { id: number; status: string; completedAt: Date | null }[]): Promise<Map<number, LineReview>> {
  const open = list.filter((o) => mayReviewOrder(o));
  const states = new Map<number, LineReview>();
  if (!list.length) return states;
  const [items, written] = await Promise.all([
    open.length ? db.select({ id: orderItems.id }).from(orderItems).where(inArray(orderItems.orderId, open.map((o) => o.id))) : [],
    reviewsOfOrders(db, list.map((o) => o.id)),
  ]);
  for (const i of items) states.set(i.id, { reviewable: true, reviewId: null, appendable: false });
  for (const r of written) states.set(r.orderItemId, { reviewable: false, reviewId: r.id, appendable: mayAppend(r) });
  return states;
}

/** 待评价: a completed order inside the window with a line not reviewed yet (an SQL condition on orders). */
export function toReviewWhere() {
  const unreviewed = sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id}
    and ${notReviewed(orderItems.id)})`;
  return and(eq(orders.status, 'completed'), gte(orders.completedAt, reviewWindowStart()), unreviewed);
}

/** The 待评价 shortcut's count: the shopper's orders with a line still to review. */
export async function toReviewCount(userId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNull(orders.hiddenAt), toReviewWhere()));
  return row?.n ?? 0;
}

/**
 * The shopper's line of one order for 评价: the order (not deleted by the shopper: gone for them, as
 * in the order views) and the line, or undefined.
 */
export async function reviewableLine(db: DbOrTx, userId: number, orderNo: string, orderItemId: number) {
  const [line] = await db
    .select({ o: orders, item: orderItems })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId), isNull(orders.hiddenAt), eq(orderItems.id, orderItemId)));
  return line;
}
