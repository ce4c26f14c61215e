/**
 * Coupons at checkout (docs/coupons.md#discount): the shopper's coupons for exactly these lines,
 * each usable or with why not; the best one chosen unless the shopper chose another or none; using
 * it is one guarded statement in the order's transaction; it comes back when its order is cancelled
 * or wholly refunded while the coupon's window lasts.
 */
import 'server-only';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { COUPON_EXPIRED_SHOWN_DAYS } from '../../../domain/coupon-rules';
import { applyCoupon, splitDiscount, type CouponLine } from '../../../domain/coupon';
import { DAY_MS } from '../../../domain/shop-time';
import type { DbOrTx, Tx } from '../../db/client';
import { coupons, couponTemplates } from '../../db/schema';
import { conflict } from '../../errors';
import { iso } from '../../iso';
import { moveCoupon } from './states';
import { scopeTexts, wordsOf, type CouponWords, type TemplateRow } from './view';

/** A coupon as the checkout lists it: usable with its discount, or not, with the reason. */
export type CheckoutCoupon = CouponWords & {
  id: number;
  endsAt: string;
  usable: boolean;
  discountFen: number;
  reason: string | null;
};

/** What the checkout asked for: a coupon (`couponId`), explicitly none (`null`), or the best (absent). */
export type CouponChoice = number | null | undefined;

export type AppliedCoupon = { coupon: CheckoutCoupon | null; usableCoupons: CheckoutCoupon[]; discountFen: number; lineDiscounts: number[] };

const ruleOf = (t: TemplateRow) => ({
  kind: t.kind,
  amountFen: t.amountFen,
  thresholdFen: t.thresholdFen,
  percent: t.percent,
  capFen: t.capFen,
  scope: { type: t.scopeType, ids: t.scopeIds },
});

/**
 * The shopper's unused coupons, each tried on these lines: usable ones first, the biggest discount
 * first (then the one ending soonest); then the others with their reason; the expired ones last.
 */
async function couponsForLines(db: DbOrTx, userId: number, lines: CouponLine[], shippingFen: number, now = new Date()): Promise<CheckoutCoupon[]> {
  const rows = await db
    .select({ c: coupons, t: couponTemplates })
    .from(coupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, coupons.templateId))
    // Those that ended in the last days stay in the list, as 已过期, so the shopper sees why they are not offered.
    .where(and(eq(coupons.userId, userId), eq(coupons.status, 'unused'), gt(coupons.endsAt, new Date(now.getTime() - COUPON_EXPIRED_SHOWN_DAYS * DAY_MS))));
  const scopes = await scopeTexts(db, rows.map((r) => r.t));
  const list = rows.map(({ c, t }): CheckoutCoupon & { ends: number } => {
    const base = { id: c.id, ...wordsOf(t, scopes.get(t.id)!), endsAt: iso(c.endsAt), ends: c.endsAt.getTime() };
    if (c.endsAt <= now) return { ...base, usable: false, discountFen: 0, reason: '已过期' };
    if (c.startsAt > now) return { ...base, usable: false, discountFen: 0, reason: '未到使用时间' };
    const use = applyCoupon(ruleOf(t), lines, shippingFen);
    return use.ok ? { ...base, usable: true, discountFen: use.discountFen, reason: null } : { ...base, usable: false, discountFen: 0, reason: use.reason };
  });
  const rank = (c: CheckoutCoupon & { ends: number }) => (c.usable ? 0 : c.ends <= now.getTime() ? 2 : 1);
  list.sort((a, b) => rank(a) - rank(b) || b.discountFen - a.discountFen || a.ends - b.ends || a.id - b.id);
  return list.map(({ ends: _e, ...c }) => c);
}

/**
 * The coupon the order uses and the discount per line (in the lines' order; 0 for a line it does not
 * apply to). A coupon the shopper named that cannot be used is refused with its reason.
 */
export async function chooseCoupon(db: DbOrTx, userId: number, lines: CouponLine[], shippingFen: number, choice: CouponChoice): Promise<AppliedCoupon> {
  const usableCoupons = await couponsForLines(db, userId, lines, shippingFen);
  const none = { coupon: null, usableCoupons, discountFen: 0, lineDiscounts: lines.map(() => 0) };
  if (choice === null) return none;
  const coupon = choice === undefined ? usableCoupons.find((c) => c.usable) : usableCoupons.find((c) => c.id === choice);
  if (choice !== undefined && !coupon) throw conflict('优惠券不存在、已使用或已过期');
  if (!coupon) return none;
  if (!coupon.usable) throw conflict(`该优惠券不可用：${coupon.reason}`);
  // The same rule again for the positions of the lines it covers.
  const [row] = await db.select({ t: couponTemplates }).from(coupons).innerJoin(couponTemplates, eq(couponTemplates.id, coupons.templateId)).where(eq(coupons.id, coupon.id));
  const use = applyCoupon(ruleOf(row.t), lines, shippingFen);
  if (!use.ok) throw conflict(`该优惠券不可用：${use.reason}`);
  const shares = splitDiscount(use.discountFen, use.lines.map((i) => lines[i].subtotalFen));
  const lineDiscounts = lines.map(() => 0);
  use.lines.forEach((i, k) => (lineDiscounts[i] = shares[k]));
  return { coupon, usableCoupons, discountFen: use.discountFen, lineDiscounts };
}

/**
 * Marks the coupon used by this order (moveCoupon): `where status = 'unused'` and its window still open, so of
 * any number of orders sent at once with one coupon, one takes it and the others are refused (their
 * transactions keep nothing).
 */
export async function takeCoupon(tx: Tx, couponId: number, userId: number, orderId: number): Promise<void> {
  const now = new Date();
  const taken = await moveCoupon(tx, and(eq(coupons.id, couponId), eq(coupons.userId, userId), lte(coupons.startsAt, now), gt(coupons.endsAt, now))!, 'unused', 'used', { orderId, usedAt: now });
  if (taken.length === 0) throw conflict('优惠券已被其他订单使用或已过期，请重新选择');
}

/**
 * Gives an order's coupon back (its order was cancelled, or all its money went back) while the
 * coupon's window lasts; an expired one stays used. Once, whoever calls: a guarded update.
 */
export async function returnCoupon(tx: DbOrTx, orderId: number): Promise<boolean> {
  const back = await moveCoupon(tx, and(eq(coupons.orderId, orderId), gt(coupons.endsAt, sql`now()`))!, 'used', 'unused', { orderId: null, usedAt: null });
  return back.length > 0;
}
