/**
 * The order's transition table (lib/domain/order-status.ts) is what the code obeys; docs/states.md describes
 * it for people. They must say the same: every move, and who may make it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isRefundable, mayMoveOrder, ORDER_STATUSES, ORDER_TRANSITIONS, REFUNDABLE_ORDER_STATUSES, type OrderActor } from '@/lib/domain/order-status';

/** The rows of the "Order transitions" table in docs/states.md as `from → to by actor`. */
function documentedMoves(): string[] {
  const doc = readFileSync(new URL('../../docs/states.md', import.meta.url), 'utf8');
  const section = doc.split('## Order transitions')[1].split('\n## ')[0];
  const names = (cell: string) => [...cell.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
  const actors = (cell: string): OrderActor[] =>
    cell.split('/').map((a) => {
      const word = a.trim().replace(/^\[timers\]\(#timers\)$/, 'timer').replace(/^\[after-sales\]\(after-sales\.md\)$/, 'aftersale');
      if (!['shopper', 'operator', 'payment', 'timer', 'aftersale'].includes(word)) throw new Error(`unknown actor in docs/states.md: ${a}`);
      return word as OrderActor;
    });
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => {
      const [from, to, , by] = line.split('|').slice(1, -1);
      return names(from).flatMap((f) => names(to).flatMap((t) => actors(by).map((a) => `${f} → ${t} by ${a}`)));
    });
}

describe('order transitions', () => {
  it('docs/states.md lists exactly the moves of the table, with who makes them', () => {
    const inCode = ORDER_TRANSITIONS.flatMap((t) => t.by.map((a) => `${t.from} → ${t.to} by ${a}`));
    expect([...new Set(documentedMoves())].sort()).toEqual([...inCode].sort());
  });

  it('moves only between known states, each pair once', () => {
    const pairs = ORDER_TRANSITIONS.map((t) => `${t.from} → ${t.to}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const t of ORDER_TRANSITIONS) {
      expect(ORDER_STATUSES).toContain(t.from);
      expect(ORDER_STATUSES).toContain(t.to);
    }
  });

  it('answers who may move an order where', () => {
    expect(mayMoveOrder('pending_payment', 'cancelled', 'shopper')).toBe(true);
    expect(mayMoveOrder('paid', 'completed', 'shopper')).toBe(false);
    expect(mayMoveOrder('paid', 'completed')).toBe(true);
    // A completed order is refunded only by after-sales bringing all of it back, never from the console.
    expect(mayMoveOrder('completed', 'refunding', 'operator')).toBe(false);
    expect(mayMoveOrder('completed', 'refunding', 'aftersale')).toBe(true);
    expect(REFUNDABLE_ORDER_STATUSES).toEqual(['paid', 'shipped']);
    expect(ORDER_STATUSES.filter(isRefundable)).toEqual(['paid', 'shipped']);
  });
});
