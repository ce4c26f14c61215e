/**
 * The invoice's transition table (lib/domain/invoice-status.ts) is what the code obeys; docs/states.md
 * describes it for people. They must say the same: every move, and who may make it.
 */
import { describe, expect, it } from 'vitest';
import { documentedMoves as documentedMovesOf, knownActor, movesInCode } from './documented-moves';
import { INVOICE_STATUSES, INVOICE_TRANSITIONS, mayMoveInvoice, type InvoiceActor } from '@/lib/domain/invoice-status';

const ACTORS: readonly InvoiceActor[] = ['shopper', 'operator', 'refund'];

const documentedMoves = () => documentedMovesOf('states.md', '### Invoice transitions', knownActor(ACTORS, 'docs/states.md'), true);

describe('invoice transitions', () => {
  it('docs/states.md lists exactly the moves of the table, with who makes them', () => {
    const inCode = movesInCode(INVOICE_TRANSITIONS);
    expect([...new Set(documentedMoves())].sort()).toEqual([...inCode].sort());
  });

  it('moves only between known states, each pair once', () => {
    const pairs = INVOICE_TRANSITIONS.map((t) => `${t.from} → ${t.to}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const t of INVOICE_TRANSITIONS) {
      expect(INVOICE_STATUSES).toContain(t.from);
      expect(INVOICE_STATUSES).toContain(t.to);
    }
  });

  it('answers who may move an invoice where', () => {
    expect(mayMoveInvoice('pending', 'issued', 'operator')).toBe(true);
    expect(mayMoveInvoice('pending', 'issued', 'shopper')).toBe(false);
    expect(mayMoveInvoice('pending', 'rejected', 'refund')).toBe(true);
    // An issued invoice is never rejected: a refund marks it for 红冲 instead (its own column).
    expect(mayMoveInvoice('issued', 'rejected')).toBe(false);
    expect(mayMoveInvoice('issued', 'pending', 'operator')).toBe(true);
    expect(mayMoveInvoice('rejected', 'issued')).toBe(false);
  });
});
