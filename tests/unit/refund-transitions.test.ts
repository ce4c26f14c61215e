/**
 * The refund's transition table (lib/domain/refund-status.ts) is what the code obeys; docs/states.md
 * describes it for people. They must say the same: every move, and what makes it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mayMoveRefund, REFUND_STATUS_LABEL, REFUND_STATUSES, REFUND_TRANSITIONS, type RefundActor } from '@/lib/domain/refund-status';

const ACTORS: readonly RefundActor[] = ['answer', 'notify'];

/** The rows of the "Refund transitions" table in docs/states.md as `from → to by actor`. */
function documentedMoves(): string[] {
  const doc = readFileSync(new URL('../../docs/states.md', import.meta.url), 'utf8');
  const section = doc.split('### Refund transitions')[1].split('\n#')[0];
  const names = (cell: string) => [...cell.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
  const actors = (cell: string): RefundActor[] =>
    cell.split('/').map((a) => {
      const word = a.trim() as RefundActor;
      if (!ACTORS.includes(word)) throw new Error(`unknown refund actor in docs/states.md: ${a}`);
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

describe('refund transitions', () => {
  it('docs/states.md lists exactly the moves of the table, with what makes them', () => {
    const inCode = REFUND_TRANSITIONS.flatMap((t) => t.by.map((a) => `${t.from} → ${t.to} by ${a}`));
    expect([...new Set(documentedMoves())].sort()).toEqual([...inCode].sort());
  });

  it('moves only between known states, each pair once', () => {
    const pairs = REFUND_TRANSITIONS.map((t) => `${t.from} → ${t.to}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const t of REFUND_TRANSITIONS) {
      expect(REFUND_STATUSES).toContain(t.from);
      expect(REFUND_STATUSES).toContain(t.to);
      for (const a of t.by) expect(ACTORS).toContain(a);
    }
  });

  it('settles a refund once: a settled or failed one never moves again', () => {
    for (const from of ['succeeded', 'failed'] as const) for (const to of REFUND_STATUSES) expect(mayMoveRefund(from, to)).toBe(false);
    expect(mayMoveRefund('processing', 'succeeded', 'notify')).toBe(true);
    expect(mayMoveRefund('processing', 'failed', 'answer')).toBe(true);
    expect(Object.keys(REFUND_STATUS_LABEL)).toEqual(REFUND_STATUSES);
  });
});
