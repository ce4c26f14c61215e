/**
 * Coupons (优惠券): the kinds, what a coupon takes off a set of lines and why it cannot be used, and
 * how a discount is split over the lines it applies to (docs/coupons.md). Pure: the server prices
 * with it, the checkout shows its words, the tests run it without a database.
 */
import { mayMove, type TargetOf } from './moves';
import { formatFenShort } from './money';

export const COUPON_KIND_LABEL = {
  full_reduction: '满减券',
  no_threshold: '无门槛券',
  percent: '折扣券',
} as const;
export type CouponKind = keyof typeof COUPON_KIND_LABEL;
export const COUPON_KINDS = Object.keys(COUPON_KIND_LABEL) as [CouponKind, ...CouponKind[]];

export const COUPON_SCOPE_LABEL = { all: '全场通用', categories: '指定分类', products: '指定商品' } as const;
export const COUPON_SCOPES = Object.keys(COUPON_SCOPE_LABEL) as [keyof typeof COUPON_SCOPE_LABEL, ...(keyof typeof COUPON_SCOPE_LABEL)[]];
/** A fixed window, or N days from the moment it was claimed. */
export const COUPON_VALIDITY_LABEL = { fixed: '固定时间段', days: '领取后 N 天' } as const;
export const COUPON_VALIDITIES = Object.keys(COUPON_VALIDITY_LABEL) as [keyof typeof COUPON_VALIDITY_LABEL, ...(keyof typeof COUPON_VALIDITY_LABEL)[]];
/** How shoppers get it: 领取 in the coupon centre, at registration (新人券), or by a code. */
export const COUPON_ISSUE_LABEL = { claim: '领券中心领取', register: '新用户注册赠送', code: '优惠码兑换' } as const;
export type CouponIssue = keyof typeof COUPON_ISSUE_LABEL;
export const COUPON_ISSUES = Object.keys(COUPON_ISSUE_LABEL) as [CouponIssue, ...CouponIssue[]];
/** A coupon is unused or used; 已过期 is an unused one past its end, read from the clock, never stored. */
export const COUPON_STATUSES = ['unused', 'used'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/**
 * Who moves a coupon: the shopper (提交订单 uses it, 取消订单 gives it back), an operator (console 取消),
 * the clock (an unpaid order cancelled after its deadline), or a refund of all of its order's money.
 */
export type CouponActor = 'shopper' | 'operator' | 'timer' | 'refund';

/**
 * Every move a coupon's status may make, one line each (docs/coupons.md#states): nothing else moves it,
 * and the server's moveCoupon refuses any other pair. 已过期 is no move: it is read from the clock.
 */
export const COUPON_TRANSITIONS = [
  { from: 'unused', to: 'used', by: ['shopper'] },
  { from: 'used', to: 'unused', by: ['shopper', 'operator', 'timer', 'refund'] },
] as const satisfies readonly { from: CouponStatus; to: CouponStatus; by: readonly CouponActor[] }[];


/**
 * The states a coupon may move to from every state in F: the type of moveCoupon's `to`, so a move
 * outside the table does not compile (as OrderTarget does for orders).
 */
export type CouponTarget<F extends CouponStatus> = TargetOf<(typeof COUPON_TRANSITIONS)[number], F>;

/** Whether a coupon in `from` may move to `to` (by `by`, when named). */
export function mayMoveCoupon(from: CouponStatus, to: CouponStatus, by?: CouponActor): boolean {
  return mayMove(COUPON_TRANSITIONS, from, to, by);
}
type CouponScope = { type: (typeof COUPON_SCOPES)[number]; ids: number[] };

/** 已领完: a template with a total has given all of it out. The coupon centre and the console both read it from here. */
export function isSoldOut(t: { total: number | null; issued: number }): boolean {
  return t.total !== null && t.issued >= t.total;
}

/** A template's state in the console: 已停发 (an operator stopped it), 已领完 (see isSoldOut) or 发放中. */
export const TEMPLATE_STATUS_LABEL = { active: '发放中', sold_out: '已领完', stopped: '已停发' } as const;
export type TemplateStatus = keyof typeof TEMPLATE_STATUS_LABEL;
export function templateStatus(t: { stopped: boolean; total: number | null; issued: number }): TemplateStatus {
  return t.stopped ? 'stopped' : isSoldOut(t) ? 'sold_out' : 'active';
}

/** What decides a coupon's discount: the template's rule, copied onto every coupon claimed from it. */
export type CouponRule = {
  kind: CouponKind;
  /** 满减 and 无门槛: the yuan off, in fen. */
  amountFen: number | null;
  /** 满减: the eligible lines must come to this (0 for the others). */
  thresholdFen: number;
  /** 折扣: the percent off (15 = 15% off, shown as 8.5折). */
  percent: number | null;
  /** 折扣: the most it takes off, in fen (null: no cap). */
  capFen: number | null;
  scope: CouponScope;
};

/** A line as the coupon sees it: what it is and what it costs before any discount. */
export type CouponLine = { productId: number; categoryId: number; subtotalFen: number };

/** 减 ¥20 / 8.5折 — the face of a coupon. */
export function couponFace(rule: Pick<CouponRule, 'kind' | 'amountFen' | 'percent'>): string {
  if (rule.kind === 'percent') return `${((100 - (rule.percent ?? 0)) / 10).toString()}折`;
  return `减 ${formatFenShort(rule.amountFen ?? 0)}`;
}

/** 满 ¥199 可用 / 无门槛 / 最高减 ¥50 — the condition under the face. */
export function couponCondition(rule: Pick<CouponRule, 'kind' | 'thresholdFen' | 'capFen'>): string {
  const threshold = rule.thresholdFen > 0 ? `满 ${formatFenShort(rule.thresholdFen)} 可用` : '无门槛';
  if (rule.kind === 'percent' && rule.capFen) return `${threshold}，最高减 ${formatFenShort(rule.capFen)}`;
  return threshold;
}

function inScope(scope: CouponScope, line: CouponLine): boolean {
  if (scope.type === 'all') return true;
  return scope.ids.includes(scope.type === 'categories' ? line.categoryId : line.productId);
}

/** The positions of the lines a coupon applies to. */
function eligibleLines(rule: CouponRule, lines: readonly CouponLine[]): number[] {
  return lines.flatMap((l, i) => (inScope(rule.scope, l) ? [i] : []));
}

export type CouponUse = { ok: true; discountFen: number; lines: number[] } | { ok: false; reason: string };

/**
 * What the coupon takes off these lines, or why it cannot be used. Never more than the eligible
 * lines' total, and never so much that less than ¥0.01 is left to pay (shipping is not discounted,
 * but it is part of what is paid).
 */
export function applyCoupon(rule: CouponRule, lines: readonly CouponLine[], shippingFen: number): CouponUse {
  const idx = eligibleLines(rule, lines);
  if (idx.length === 0) return { ok: false, reason: '不适用于所选商品' };
  const eligibleFen = idx.reduce((n, i) => n + lines[i].subtotalFen, 0);
  if (eligibleFen < rule.thresholdFen) return { ok: false, reason: `适用商品未满 ${formatFenShort(rule.thresholdFen)}` };
  let discount = rule.kind === 'percent' ? Math.floor((eligibleFen * (rule.percent ?? 0)) / 100) : (rule.amountFen ?? 0);
  if (rule.kind === 'percent' && rule.capFen !== null) discount = Math.min(discount, rule.capFen);
  const itemsFen = lines.reduce((n, l) => n + l.subtotalFen, 0);
  discount = Math.min(discount, eligibleFen, itemsFen + shippingFen - 1);
  if (discount <= 0) return { ok: false, reason: '订单金额过低' };
  return { ok: true, discountFen: discount, lines: idx };
}

/**
 * Splits a discount over lines in proportion to their amounts, in whole fen: each line's share is
 * rounded down and the remainder goes to the last line. The shares add up to the discount and no line
 * goes below zero, as long as the discount is at most the lines' total (applyCoupon sees to that).
 */
export function splitDiscount(discountFen: number, amountsFen: readonly number[]): number[] {
  const total = amountsFen.reduce((n, a) => n + a, 0);
  if (discountFen <= 0 || total <= 0) return amountsFen.map(() => 0);
  if (discountFen > total) throw new Error(`discount ${discountFen} above the lines' ${total}`);
  // a × discount stays below 2^53: both are at most ORDER_TOTAL_MAX_FEN (5×10^7), so 2.5×10^15.
  const shares = amountsFen.map((a) => Math.floor((a * discountFen) / total));
  let rest = discountFen - shares.reduce((n, s) => n + s, 0);
  // The remainder to the last line; if it cannot take it all (its share is already near its amount),
  // the lines before it take what is left, from the end, so no line is discounted below zero.
  for (let i = shares.length - 1; i >= 0 && rest > 0; i--) {
    const room = amountsFen[i] - shares[i];
    const add = Math.min(room, rest);
    shares[i] += add;
    rest -= add;
  }
  return shares;
}
