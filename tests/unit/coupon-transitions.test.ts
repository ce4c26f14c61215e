/**
 * The coupon's transition table (lib/domain/coupon.ts) is what the code obeys; docs/coupons.md describes
 * it for people. They must say the same: every move, and who may make it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COUPON_STATUSES, COUPON_TRANSITIONS, mayMoveCoupon, type CouponActor } from '@/lib/domain/coupon';

const ACTORS: readonly CouponActor[] = ['shopper', 'operator', 'timer', 'refund'];

/** The rows of the table in the "States" section of docs/coupons.md as `from → to by actor`. */
function documentedMoves(): string[] {
  const doc = readFileSync(new URL('../../docs/coupons.md', import.meta.url), 'utf8');
  const section = doc.split('\n## States')[1].split('\n## ')[0];
  const names = (cell: string) => [...cell.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
  const actors = (cell: string): CouponActor[] =>
    cell.split('/').map((a) => {
      const word = a.trim();
      if (!(ACTORS as readonly string[]).includes(word)) throw new Error(`unknown actor in docs/coupons.md: ${a}`);
      return word as CouponActor;
    });
  const rows = section.split('\n').filter((line) => line.startsWith('| `') || line.startsWith('| — |'));
  if (rows.length === 0) throw new Error('docs/coupons.md has no coupon transitions table');
  return rows.flatMap((line) => {
    const [from, to, , by] = line.split('|').slice(1, -1);
    const who = actors(by); // checked on every row, the creating one (—) too
    return names(from).flatMap((f) => names(to).flatMap((t) => who.map((a) => `${f} → ${t} by ${a}`)));
  });
}

describe('coupon transitions', () => {
  it('docs/coupons.md lists exactly the moves of the table, with who makes them', () => {
    const inCode = COUPON_TRANSITIONS.flatMap((t) => t.by.map((a) => `${t.from} → ${t.to} by ${a}`));
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
