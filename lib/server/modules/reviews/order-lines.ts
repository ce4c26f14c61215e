/**
 * What the order screens show of reviews (docs/reviews.md#who-and-when): per line whether it may be
 * reviewed now or has its review (and whether 追评 is open), which orders are 待评价, and their count
 * for 我的.
 */
import 'server-only';
import { and, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { getDb, type DbOrTx } from '../../db/client';
import { orderItems, orders, reviews } from '../../db/schema';
import { mayAppend, mayReviewOrder, reviewWindowStart } from './window';

/** A line's review: `reviewable` (评价 now), or its review's id and whether 追评 is open. */
export type LineReview = { reviewable: boolean; reviewId: number | null; appendable: boolean };

/** The review state of each line of these orders, by order item id. */
export async function lineReviews(db: DbOrTx, list: { id: number; status: string; completedAt: Date | null }[]): Promise<Map<number, LineReview>> {
  const open = list.filter((o) => mayReviewOrder(o));
  const states = new Map<number, LineReview>();
  if (!list.length) return states;
  const [items, written] = await Promise.all([
    open.length ? db.select({ id: orderItems.id }).from(orderItems).where(inArray(orderItems.orderId, open.map((o) => o.id))) : [],
    db
      .select({ id: reviews.id, orderItemId: reviews.orderItemId, appendedAt: reviews.appendedAt, createdAt: reviews.createdAt })
      .from(reviews)
      .where(inArray(reviews.orderId, list.map((o) => o.id))),
  ]);
  for (const i of items) states.set(i.id, { reviewable: true, reviewId: null, appendable: false });
  for (const r of written) states.set(r.orderItemId, { reviewable: false, reviewId: r.id, appendable: mayAppend(r) });
  return states;
}

export const NO_REVIEW: LineReview = { reviewable: false, reviewId: null, appendable: false };

/** 待评价: a completed order inside the window with a line not reviewed yet (an SQL condition on orders). */
export function toReviewWhere() {
  const unreviewed = sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id}
    and not exists (select 1 from ${reviews} where ${reviews.orderItemId} = ${orderItems.id}))`;
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
