import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCoupon, couponCondition, couponFace, splitDiscount, type CouponLine, type CouponRule } from '@/lib/domain/coupon';
import { ORDER_TOTAL_MAX_FEN } from '@/lib/domain/order-rules';

const ALL = { type: 'all', ids: [] } as const;
const rule = (r: Partial<CouponRule>): CouponRule => ({ kind: 'full_reduction', amountFen: 2000, thresholdFen: 19900, percent: null, capFen: null, scope: { ...ALL, ids: [] }, ...r });
const line = (subtotalFen: number, productId = 1, categoryId = 1): CouponLine => ({ productId, categoryId, subtotalFen });

describe('splitDiscount', () => {
  it('splits in proportion, the remainder to the last line', () => {
    expect(splitDiscount(1000, [3000, 3000, 3000])).toEqual([333, 333, 334]);
    expect(splitDiscount(0, [100, 200])).toEqual([0, 0]);
    expect(splitDiscount(300, [100, 200])).toEqual([100, 200]);
  });

  it('never gives a line more than its amount, even when the remainder would', () => {
    // The last line is 1 fen: its share of 100 is 0, the remainder 1 would fit, but a larger one would not.
    expect(splitDiscount(100, [99, 1])).toEqual([99, 1]);
    expect(splitDiscount(3, [1, 1, 1])).toEqual([1, 1, 1]);
  });

  it('refuses a discount above the lines', () => {
    expect(() => splitDiscount(301, [100, 200])).toThrow();
  });

  it('always adds up to the discount and keeps every line between 0 and its amount', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: ORDER_TOTAL_MAX_FEN }), { minLength: 1, maxLength: 50 }).chain((amounts) => {
          const total = amounts.reduce((n, a) => n + a, 0);
          return fc.tuple(fc.constant(amounts), fc.integer({ min: 0, max: Math.min(total, ORDER_TOTAL_MAX_FEN) }));
        }),
        ([amounts, discount]) => {
          const shares = splitDiscount(discount, amounts);
          expect(shares.reduce((n, s) => n + s, 0)).toBe(discount);
          shares.forEach((s, i) => {
            expect(Number.isInteger(s)).toBe(true);
            expect(s).toBeGreaterThanOrEqual(0);
            expect(s).toBeLessThanOrEqual(amounts[i]);
          });
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('applyCoupon', () => {
  it('满减: off when the eligible lines reach the threshold, with the reason when they do not', () => {
    expect(applyCoupon(rule({}), [line(19900)], 0)).toEqual({ ok: true, discountFen: 2000, lines: [0] });
    expect(applyCoupon(rule({}), [line(19899)], 0)).toEqual({ ok: false, reason: '适用商品未满 ¥199' });
  });

  it('counts only the lines in scope', () => {
    const r = rule({ scope: { type: 'categories', ids: [2] } });
    expect(applyCoupon(r, [line(50000, 1, 1)], 0)).toEqual({ ok: false, reason: '不适用于所选商品' });
    expect(applyCoupon(r, [line(50000, 1, 1), line(10000, 2, 2)], 0)).toEqual({ ok: false, reason: '适用商品未满 ¥199' });
    expect(applyCoupon(rule({ scope: { type: 'products', ids: [7] } }), [line(5000, 1), line(20000, 7)], 0)).toEqual({ ok: true, discountFen: 2000, lines: [1] });
  });

  it('折扣: N% off rounded down to the fen, capped', () => {
    const r = rule({ kind: 'percent', amountFen: null, thresholdFen: 0, percent: 15, capFen: 5000 });
    expect(applyCoupon(r, [line(12345)], 0)).toEqual({ ok: true, discountFen: 1851, lines: [0] });
    expect(applyCoupon(r, [line(100000)], 0)).toEqual({ ok: true, discountFen: 5000, lines: [0] });
  });

  it('never takes more than the eligible lines, and leaves at least ¥0.01 to pay', () => {
    const big = rule({ kind: 'no_threshold', amountFen: 100000, thresholdFen: 0 });
    expect(applyCoupon(big, [line(3000)], 1000)).toEqual({ ok: true, discountFen: 3000, lines: [0] });
    expect(applyCoupon(big, [line(3000)], 0)).toEqual({ ok: true, discountFen: 2999, lines: [0] });
    expect(applyCoupon(big, [line(1)], 0)).toEqual({ ok: false, reason: '订单金额过低' });
  });

  it('never leaves less than ¥0.01 to pay nor discounts beyond the eligible lines, for any coupon and lines', () => {
    const anyRule = fc.record({
      kind: fc.constantFrom('full_reduction', 'no_threshold', 'percent') as fc.Arbitrary<CouponRule['kind']>,
      amountFen: fc.integer({ min: 1, max: 1_000_000 }),
      thresholdFen: fc.integer({ min: 0, max: 1_000_000 }),
      percent: fc.integer({ min: 1, max: 99 }),
      capFen: fc.option(fc.integer({ min: 1, max: 1_000_000 })),
      categories: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
    });
    const anyLines = fc.array(fc.record({ productId: fc.integer({ min: 1, max: 5 }), categoryId: fc.integer({ min: 1, max: 4 }), subtotalFen: fc.integer({ min: 1, max: 5_000_000 }) }), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(anyRule, anyLines, fc.integer({ min: 0, max: 1000 }), (r, lines, shipping) => {
        const c: CouponRule = { ...r, scope: r.categories.length ? { type: 'categories', ids: r.categories } : { type: 'all', ids: [] } };
        const use = applyCoupon(c, lines, shipping);
        if (!use.ok) return;
        const eligible = use.lines.reduce((n, i) => n + lines[i].subtotalFen, 0);
        const items = lines.reduce((n, l) => n + l.subtotalFen, 0);
        expect(use.discountFen).toBeGreaterThan(0);
        expect(use.discountFen).toBeLessThanOrEqual(eligible);
        expect(items + shipping - use.discountFen).toBeGreaterThanOrEqual(1);
        const shares = splitDiscount(use.discountFen, use.lines.map((i) => lines[i].subtotalFen));
        expect(shares.reduce((n, s) => n + s, 0)).toBe(use.discountFen);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the face of a coupon', () => {
  it('reads as a Chinese shop writes it', () => {
    expect(couponFace(rule({}))).toBe('减 ¥20');
    expect(couponCondition(rule({}))).toBe('满 ¥199 可用');
    expect(couponFace(rule({ kind: 'percent', percent: 15 }))).toBe('8.5折');
    expect(couponCondition(rule({ kind: 'percent', thresholdFen: 0, capFen: 5000 }))).toBe('无门槛，最高减 ¥50');
  });
});
