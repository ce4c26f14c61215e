/**
 * The invoice's transition table (lib/domain/invoice-status.ts) is what the code obeys; docs/states.md
 * describes it for people. They must say the same: every move, and who may make it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES, INVOICE_TRANSITIONS, mayMoveInvoice, type InvoiceActor } from '@/lib/domain/invoice-status';

const ACTORS: readonly InvoiceActor[] = ['shopper', 'operator', 'refund'];

/** The rows of the "Invoice transitions" table in docs/states.md as `from → to by actor`. */
function documentedMoves(): string[] {
  const doc = readFileSync(new URL('../../docs/states.md', import.meta.url), 'utf8');
  const section = doc.split('### Invoice transitions')[1].split('\n#')[0];
  const names = (cell: string) => [...cell.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
  const actors = (cell: string): InvoiceActor[] =>
    cell.split('/').map((a) => {
      const word = a.trim();
      if (!(ACTORS as readonly string[]).includes(word)) throw new Error(`unknown actor in docs/states.md: ${a}`);
      return word as InvoiceActor;
    });
  const rows = section.split('\n').filter((line) => line.startsWith('| `') || line.startsWith('| — |'));
  if (rows.length === 0) throw new Error('docs/states.md has no invoice transitions table');
  return rows.flatMap((line) => {
    const [from, to, , by] = line.split('|').slice(1, -1);
    const who = actors(by); // checked on every row, the creating ones (—) too
    return names(from).flatMap((f) => names(to).flatMap((t) => who.map((a) => `${f} → ${t} by ${a}`)));
  });
}

describe('invoice transitions', () => {
  it('docs/states.md lists exactly the moves of the table, with who makes them', () => {
    const inCode = INVOICE_TRANSITIONS.flatMap((t) => t.by.map((a) => `${t.from} → ${t.to} by ${a}`));
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
