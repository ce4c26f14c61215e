/**
 * The order's transition table (lib/domain/order-status.ts) is what the code obeys; docs/states.md describes
 * it for people. They must say the same: every move, and who may make it.
 */
import { describe, expect, it } from 'vitest';
import { documentedMoves as documentedMovesOf, movesInCode } from './documented-moves';
import { isRefundable, mayMoveOrder, ORDER_STATUSES, ORDER_TRANSITIONS, REFUNDABLE_ORDER_STATUSES, type OrderActor } from '@/lib/domain/order-status';

/** Who moves an order, as docs/states.md names them (two by a link to where they are explained). */
function orderActor(word: string): OrderActor {
  const actor = word.replace(/^\[timers\]\(#timers\)$/, 'timer').replace(/^\[after-sales\]\(after-sales\.md\)$/, 'aftersale');
  if (!['shopper', 'operator', 'payment', 'timer', 'aftersale'].includes(actor)) throw new Error(`unknown actor in docs/states.md: ${word}`);
  return actor as OrderActor;
}

/** The rows of the "Order transitions" table in docs/states.md as `from → to by actor`. */
const documentedMoves = () => documentedMovesOf('states.md', '## Order transitions', orderActor);

describe('order transitions', () => {
  it('docs/states.md lists exactly the moves of the table, with who makes them', () => {
    const inCode = movesInCode(ORDER_TRANSITIONS);
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
