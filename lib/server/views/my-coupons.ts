/**
 * 我的优惠券: one tab (未使用, 已使用, 已过期) of the shopper's coupons with their templates and orders.
 *
 * 我的优惠券, one tab (GET /user/coupons, docs/coupons.md): 未使用 (soonest to end first), 已使用 with the
 * order that used each, 已过期 (an unused one whose window is over). A view: the coupons are read with
 * their template and the order's number in one query.
 */
import 'server-only';
import { and, asc, desc, eq, gt, lte, type SQL } from 'drizzle-orm';
import { myCouponsQuerySchema } from '../../validation/coupon';
import { getDb } from '../db/client';
import { coupons, couponTemplates, orders } from '../db/schema';
import { type MyCoupon, scopeTexts, toMyCoupon } from '../modules/coupons';

/** Which of a shopper's coupons a status tab lists: 已过期 is an unused one whose window is over. */
function statusWhere(status: MyCoupon['status'], now: Date): SQL {
  if (status === 'used') return eq(coupons.status, 'used');
  if (status === 'expired') return and(eq(coupons.status, 'unused'), lte(coupons.endsAt, now))!;
  return and(eq(coupons.status, 'unused'), gt(coupons.endsAt, now))!;
}

export async function myCoupons(userId: number, query: unknown): Promise<MyCoupon[]> {
  const { status } = myCouponsQuerySchema.parse(query);
  const now = new Date();
  const db = await getDb();
  const rows = await db
    .select({ c: coupons, t: couponTemplates, orderNo: orders.orderNo })
    .from(coupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, coupons.templateId))
    .leftJoin(orders, eq(orders.id, coupons.orderId))
    .where(and(eq(coupons.userId, userId), statusWhere(status, now)))
    .orderBy(asc(coupons.endsAt), desc(coupons.id));
  const scopes = await scopeTexts(db, rows.map((r) => r.t));
  return rows.map(({ c, t, orderNo }) => toMyCoupon(c, t, scopes.get(t.id)!, orderNo, now));
}
