/**
 * The refund's transition table (lib/domain/refund-status.ts) is what the code obeys; docs/states.md
 * describes it for people. They must say the same: every move, and what makes it.
 */
import { describe, expect, it } from 'vitest';
import { documentedMoves as documentedMovesOf, knownActor, movesInCode } from './documented-moves';
import { mayMoveRefund, REFUND_STATUS_LABEL, REFUND_STATUSES, REFUND_TRANSITIONS, type RefundActor } from '@/lib/domain/refund-status';

const ACTORS: readonly RefundActor[] = ['answer', 'notify'];

const documentedMoves = () => documentedMovesOf('states.md', '### Refund transitions', knownActor(ACTORS, 'docs/states.md'));

describe('refund transitions', () => {
  it('docs/states.md lists exactly the moves of the table, with what makes them', () => {
    const inCode = movesInCode(REFUND_TRANSITIONS);
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
