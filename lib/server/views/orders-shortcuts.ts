/**
 * The counts on 我的's shortcuts: orders 待付款, 待发货, 待收货 and 待评价, and open after-sales requests.
 *
 * What 我的 counts for its shortcuts: the shopper's orders waiting for them or for the shop (待付款,
 * 待发货, 待收货, 待评价) and the after-sales requests still open (售后). Orders the shopper deleted are
 * finished ones and never counted. A read model over the orders, after-sales and reviews tables: it never writes.
 */
import 'server-only';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { OPEN_AFTER_SALE_STATUSES } from '../../domain/after-sale';
import type { OrderStatus } from '../../domain/order-status';
import { getDb } from '../db/client';
import { afterSales, orders } from '../db/schema';
import { toReviewCount } from '../modules/order';

/** The order states 我的 has a shortcut for, in its order. */
const SHORTCUT_ORDER_STATUSES = ['pending_payment', 'paid', 'shipped'] as const satisfies readonly OrderStatus[];

/** `toReview`: the orders under 待评价 (docs/reviews.md#who-and-when). */
export type ShortcutCounts = Record<(typeof SHORTCUT_ORDER_STATUSES)[number], number> & { toReview: number; afterSales: number };

export async function shortcutCounts(userId: number): Promise<ShortcutCounts> {
  const db = await getDb();
  const [byStatus, [open], toReview] = await Promise.all([
    db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), inArray(orders.status, [...SHORTCUT_ORDER_STATUSES]), isNull(orders.hiddenAt)))
      .groupBy(orders.status),
    db
      .select({ n: count() })
      .from(afterSales)
      .where(and(eq(afterSales.userId, userId), inArray(afterSales.status, [...OPEN_AFTER_SALE_STATUSES]))),
    toReviewCount(userId),
  ]);
  const counts: ShortcutCounts = { pending_payment: 0, paid: 0, shipped: 0, toReview, afterSales: open?.n ?? 0 };
  for (const r of byStatus) counts[r.status as (typeof SHORTCUT_ORDER_STATUSES)[number]] = r.n;
  return counts;
}
