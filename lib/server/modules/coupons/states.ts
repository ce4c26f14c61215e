/**
 * The one writer of coupons.status. Every move of COUPON_TRANSITIONS (lib/domain/coupon.ts) is one
 * guarded `UPDATE coupons … WHERE status IN (<from>)`: the rows it changed say whether this caller won,
 * so of any number of orders sent at once with one coupon one takes it, and a coupon comes back once
 * however many cancels and refunds race (docs/coupons.md#states).
 */
import 'server-only';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { checkedFroms } from '../../../domain/moves';
import { COUPON_TRANSITIONS, type CouponStatus, type CouponTarget } from '../../../domain/coupon';
import type { DbOrTx } from '../../db/client';
import { coupons } from '../../db/schema';

type CouponRow = typeof coupons.$inferSelect;
/** Columns a move may set besides the state: the order that used it and when. */
type CouponChange = Partial<Pick<typeof coupons.$inferInsert, 'orderId' | 'usedAt'>>;

/**
 * Moves every coupon matching `where` (an id, or a condition such as its order and window) that is in
 * `from` to `to`; returns the coupons it moved, none when another caller won. A pair the table does not
 * hold throws before anything is written.
 */
export async function moveCoupon<F extends CouponStatus>(db: DbOrTx, where: number | SQL, from: F | readonly F[], to: CouponTarget<F>, set: CouponChange = {}): Promise<CouponRow[]> {
  const froms = checkedFroms(COUPON_TRANSITIONS, from, to, 'a coupon');
  return db
    .update(coupons)
    .set({ ...set, status: to })
    .where(and(typeof where === 'number' ? eq(coupons.id, where) : where, inArray(coupons.status, froms)))
    .returning();
}
