import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_TOTAL_MAX_FEN } from '@/lib/domain/order-rules';
import { RENEW_YEARS, TERM_DAYS } from '@/lib/domain/subscription';
import { proratedFen, renewalPrice, SEATS_ADD_MAX, seatsPrice, upgradePrice } from '@/lib/domain/subscription-price';

const price = fc.integer({ min: 0, max: ORDER_TOTAL_MAX_FEN });
const days = fc.integer({ min: 0, max: TERM_DAYS });

describe('what 续费, 加席位 and 升级 cost, to the fen', () => {
  it('the shop\'s own figures', () => {
    // 量子邮箱 企业版 ¥360.00 a year per account, 个人版 ¥198.00.
    expect(seatsPrice(36_000, 200, 1)).toEqual({ unitFen: 19_726, quantity: 1, totalFen: 19_726 }); // 7,200,000 / 365 = 19,726.03
    expect(seatsPrice(36_000, 200, 5)).toEqual({ unitFen: 19_726, quantity: 5, totalFen: 98_630 });
    expect(seatsPrice(19_800, 30, 2).totalFen).toBe(2 * 1_627); // 594,000 / 365 = 1,627.40
    expect(seatsPrice(36_000, 1, 1).unitFen).toBe(99); // 98.63
    expect(renewalPrice(36_000, 40, 2)).toEqual({ unitFen: 36_000, quantity: 80, totalFen: 2_880_000 });
    expect(renewalPrice(19_800, 1, 3).totalFen).toBe(59_400);
    // 升级 个人版 → 企业版 with 200 days left: 19,726 − 10,849 (3,960,000 / 365 = 10,849.32).
    expect(upgradePrice(19_800, 36_000, 200)).toEqual({ unitFen: 8_877, quantity: 1, totalFen: 8_877 });
    expect(upgradePrice(19_800, 36_000, 365).totalFen).toBe(16_200);
  });

  it('rounds half up at the fen: 183 days of 1 fen are 1 fen, 182 days are none', () => {
    expect(proratedFen(1, 183)).toBe(1); // 0.501
    expect(proratedFen(1, 182)).toBe(0); // 0.499
    expect(proratedFen(73, 5)).toBe(1); // exactly 1.000
    expect(proratedFen(146, 3)).toBe(1); // 1.2
    expect(proratedFen(219, 1)).toBe(1); // 0.6
  });

  it('never below nothing, and an upgrade to a cheaper edition is no credit back', () => {
    fc.assert(fc.property(price, days, (p, d) => proratedFen(p, d) >= 0));
    fc.assert(fc.property(price, price, days, (a, b, d) => upgradePrice(a, b, d).totalFen >= 0));
    expect(upgradePrice(36_000, 19_800, 200).totalFen).toBe(0);
  });

  it('a seat never costs more than a full year, and 365 days left are exactly a full year', () => {
    fc.assert(fc.property(price, days, (p, d) => seatsPrice(p, d, 1).unitFen <= p));
    fc.assert(fc.property(price, (p) => seatsPrice(p, TERM_DAYS, 1).unitFen === p && proratedFen(p, 0) === 0));
  });

  it('is the nearest fen to price × days / 365 (never half a fen off)', () => {
    fc.assert(fc.property(price, days, (p, d) => Math.abs(proratedFen(p, d) * 2 * TERM_DAYS - 2 * p * d) <= TERM_DAYS));
  });

  it('more days left never cost less', () => {
    fc.assert(
      fc.property(price, days, days, (p, d1, d2) => {
        const [lo, hi] = d1 <= d2 ? [d1, d2] : [d2, d1];
        return proratedFen(p, lo) <= proratedFen(p, hi);
      }),
    );
  });

  it('the total is exactly the per-seat price times the seats (the fen summed across seats, never spread)', () => {
    fc.assert(
      fc.property(price, days, fc.integer({ min: 1, max: SEATS_ADD_MAX }), (p, d, n) => {
        const one = seatsPrice(p, d, 1).totalFen;
        const many = seatsPrice(p, d, n);
        return many.totalFen === one * n && many.unitFen * many.quantity === many.totalFen;
      }),
    );
    fc.assert(
      fc.property(price, fc.integer({ min: 1, max: SEATS_ADD_MAX }), fc.constantFrom(...RENEW_YEARS), (p, seats, years) => {
        const r = renewalPrice(p, seats, years);
        return r.totalFen === years * seats * p && r.unitFen * r.quantity === r.totalFen;
      }),
    );
  });

  it('an upgrade costs what the new edition\'s days are worth less the old one\'s, never more than the new', () => {
    fc.assert(
      fc.property(price, price, days, (a, b, d) => {
        const [oldP, newP] = a <= b ? [a, b] : [b, a];
        const u = upgradePrice(oldP, newP, d).totalFen;
        return u === proratedFen(newP, d) - proratedFen(oldP, d) && u <= proratedFen(newP, d);
      }),
    );
  });
});
