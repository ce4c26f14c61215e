/**
 * The coupon's transition table (lib/domain/coupon.ts) is what the code obeys; docs/coupons.md describes
 * it for people. They must say the same: every move, and who may make it.
 */
import { describe, expect, it } from 'vitest';
import { documentedMoves as documentedMovesOf, knownActor, movesInCode } from './documented-moves';
import { COUPON_STATUSES, COUPON_TRANSITIONS, mayMoveCoupon, type CouponActor } from '@/lib/domain/coupon';

const ACTORS: readonly CouponActor[] = ['shopper', 'operator', 'timer', 'refund'];

const documentedMoves = () => documentedMovesOf('coupons.md', '## States', knownActor(ACTORS, 'docs/coupons.md'), true);

describe('coupon transitions', () => {
  it('docs/coupons.md lists exactly the moves of the table, with who makes them', () => {
    const inCode = movesInCode(COUPON_TRANSITIONS);
    expect([...new Set(documentedMoves())].sort()).toEqual([...inCode].sort());
  });

  it('moves only between known states, each pair once', () => {
    const pairs = COUPON_TRANSITIONS.map((t) => `${t.from} → ${t.to}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const t of COUPON_TRANSITIONS) {
      expect(COUPON_STATUSES).toContain(t.from);
      expect(COUPON_STATUSES).toContain(t.to);
    }
  });

  it('answers who may move a coupon where', () => {
    expect(mayMoveCoupon('unused', 'used', 'shopper')).toBe(true);
    expect(mayMoveCoupon('unused', 'used', 'operator')).toBe(false);
    expect(mayMoveCoupon('used', 'unused', 'refund')).toBe(true);
    expect(mayMoveCoupon('used', 'unused', 'timer')).toBe(true);
  });
});
