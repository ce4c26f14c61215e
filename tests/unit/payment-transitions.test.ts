/**
 * The payment's transition table (lib/domain/payment-status.ts) is what the code obeys; docs/states.md
 * describes it for people. They must say the same: every move, and what makes it.
 */
import { describe, expect, it } from 'vitest';
import { documentedMoves as documentedMovesOf, knownActor, movesInCode } from './documented-moves';
import { mayMovePayment, PAYMENT_STATUSES, PAYMENT_TRANSITIONS, type PaymentActor } from '@/lib/domain/payment-status';

const ACTORS: readonly PaymentActor[] = ['start', 'notify', 'query', 'close'];

const documentedMoves = () => documentedMovesOf('states.md', '### Payment transitions', knownActor(ACTORS, 'docs/states.md'));

describe('payment transitions', () => {
  it('docs/states.md lists exactly the moves of the table, with what makes them', () => {
    const inCode = movesInCode(PAYMENT_TRANSITIONS);
    expect([...new Set(documentedMoves())].sort()).toEqual([...inCode].sort());
  });

  it('moves only between known states, each pair once', () => {
    const pairs = PAYMENT_TRANSITIONS.map((t) => `${t.from} → ${t.to}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const t of PAYMENT_TRANSITIONS) {
      expect(PAYMENT_STATUSES).toContain(t.from);
      expect(PAYMENT_STATUSES).toContain(t.to);
      for (const a of t.by) expect(ACTORS).toContain(a);
    }
  });

  it('answers what may move a payment where', () => {
    // Money confirmed is never taken back by a state: it goes back as a refund.
    for (const to of PAYMENT_STATUSES) expect(mayMovePayment('succeeded', to)).toBe(false);
    // A trade we took for closed that turns out paid is settled.
    expect(mayMovePayment('closed', 'succeeded', 'query')).toBe(true);
    expect(mayMovePayment('closed', 'failed')).toBe(false);
    // Only our own failure to start the trade fails it without the provider's word.
    expect(mayMovePayment('pending', 'failed', 'start')).toBe(true);
    expect(mayMovePayment('pending', 'closed', 'start')).toBe(false);
    expect(mayMovePayment('pending', 'succeeded', 'start')).toBe(false);
  });
});
