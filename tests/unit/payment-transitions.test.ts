/**
 * The payment's transition table (lib/domain/payment-status.ts) is what the code obeys; docs/states.md
 * describes it for people. They must say the same: every move, and what makes it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mayMovePayment, PAYMENT_STATUSES, PAYMENT_TRANSITIONS, type PaymentActor } from '@/lib/domain/payment-status';

const ACTORS: readonly PaymentActor[] = ['start', 'notify', 'query', 'close'];

/** The rows of the "Payment transitions" table in docs/states.md as `from → to by actor`. */
function documentedMoves(): string[] {
  const doc = readFileSync(new URL('../../docs/states.md', import.meta.url), 'utf8');
  const section = doc.split('### Payment transitions')[1].split('\n#')[0];
  const names = (cell: string) => [...cell.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
  const actors = (cell: string): PaymentActor[] =>
    cell.split('/').map((a) => {
      const word = a.trim() as PaymentActor;
      if (!ACTORS.includes(word)) throw new Error(`unknown payment actor in docs/states.md: ${a}`);
      return word;
    });
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => {
      const [from, to, , by] = line.split('|').slice(1, -1);
      return names(from).flatMap((f) => names(to).flatMap((t) => actors(by).map((a) => `${f} → ${t} by ${a}`)));
    });
}

describe('payment transitions', () => {
  it('docs/states.md lists exactly the moves of the table, with what makes them', () => {
    const inCode = PAYMENT_TRANSITIONS.flatMap((t) => t.by.map((a) => `${t.from} → ${t.to} by ${a}`));
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
