/**
 * The database layer's after-commit hook (lib/server/db/after-commit.ts, docs/outbox.md#delivery):
 * withTx hands a commit's outbox events to the one registered handler and waits for it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { committed, onCommitted, type WrittenEvent } from '@/lib/server/db/after-commit';

const KEY = Symbol.for('liangdun.afterCommit');
afterEach(() => {
  delete (globalThis as { [KEY]?: unknown })[KEY];
});

const events: WrittenEvent[] = [{ id: 7, kind: 'products_changed', payload: { productIds: [1] }, attempts: 1 }];

describe('the after-commit hook', () => {
  it('with no handler registered does nothing: the events wait for the sweep', async () => {
    await expect(committed(events)).resolves.toBeUndefined();
  });

  it('hands the events to the handler and waits for it to finish', async () => {
    const seen: WrittenEvent[][] = [];
    let finished = false;
    onCommitted(async (e) => {
      seen.push(e);
      await new Promise((r) => setTimeout(r, 10));
      finished = true;
    });
    await committed(events);
    expect(seen).toEqual([events]);
    expect(finished).toBe(true);
  });

  it('passes the handler’s failure to the caller', async () => {
    onCommitted(async () => {
      throw new Error('mark failed');
    });
    await expect(committed(events)).rejects.toThrow('mark failed');
  });

  it('keeps one handler: a second registration replaces the first', async () => {
    const calls: string[] = [];
    onCommitted(async () => void calls.push('first'));
    onCommitted(async () => void calls.push('second'));
    await committed(events);
    expect(calls).toEqual(['second']);
  });
});
