/** The after-sales tables (lib/domain/after-sale.ts): every state reachable and left as the rules say, windows from the shop's constants. */
import { describe, expect, it } from 'vitest';
import {
  AFTER_SALE_RULES,
  AFTER_SALE_STATUSES,
  AFTER_SALE_TRANSITIONS,
  AFTER_SALE_TYPES,
  mayMoveAfterSale,
  OPEN_AFTER_SALE_STATUSES,
} from '@/lib/domain/after-sale';
import { EXCHANGE_DAYS, RETURN_DAYS } from '@/lib/domain/after-sale-rules';

describe('after-sales transitions', () => {
  it('names only known states, each pair once', () => {
    const pairs = AFTER_SALE_TRANSITIONS.map((t) => `${t.from} → ${t.to}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const t of AFTER_SALE_TRANSITIONS) expect(AFTER_SALE_STATUSES).toEqual(expect.arrayContaining([t.from, t.to]));
  });

  it('every open state can be left, every closed one cannot', () => {
    for (const s of AFTER_SALE_STATUSES) {
      const leaves = AFTER_SALE_TRANSITIONS.some((t) => t.from === s);
      expect(leaves, s).toBe((OPEN_AFTER_SALE_STATUSES as readonly string[]).includes(s));
    }
  });

  it('each type reaches its own end', () => {
    const ends = (type: (typeof AFTER_SALE_TYPES)[number]) => {
      const seen = new Set<string>(['pending_review']);
      for (let grew = true; grew; ) {
        grew = false;
        for (const t of AFTER_SALE_TRANSITIONS) if (seen.has(t.from) && mayMoveAfterSale(t.from, t.to, type) && !seen.has(t.to)) grew = !!seen.add(t.to);
      }
      return [...seen].filter((s) => !(OPEN_AFTER_SALE_STATUSES as readonly string[]).includes(s)).sort();
    };
    expect(ends('refund_only')).toEqual(['cancelled', 'refunded', 'rejected']);
    expect(ends('return_refund')).toEqual(['cancelled', 'refunded', 'rejected']);
    expect(ends('exchange')).toEqual(['cancelled', 'completed', 'rejected']);
  });

  it('only the shopper withdraws, only the operator rejects, receives and reships', () => {
    expect(mayMoveAfterSale('pending_review', 'cancelled', 'refund_only', 'operator')).toBe(false);
    expect(mayMoveAfterSale('returning', 'cancelled', 'return_refund', 'shopper')).toBe(false);
    expect(mayMoveAfterSale('pending_review', 'rejected', 'exchange', 'timer')).toBe(false);
    expect(mayMoveAfterSale('received', 'reshipped', 'return_refund', 'operator')).toBe(false);
    expect(mayMoveAfterSale('received', 'refunding', 'exchange', 'operator')).toBe(false);
  });

  it('the windows are the shop’s 7 and 15 days', () => {
    expect(AFTER_SALE_RULES.return_refund.received?.seven_days).toBe(RETURN_DAYS);
    expect(AFTER_SALE_RULES.exchange.received?.quality).toBe(EXCHANGE_DAYS);
    expect(AFTER_SALE_RULES.refund_only.service?.no_longer_needed).toBe(RETURN_DAYS);
    expect(AFTER_SALE_RULES.exchange.unshipped).toBeUndefined();
  });
});
