/**
 * What runs after a commit: the database layer hands a transaction's outbox events to whoever
 * delivers them, without knowing who that is (the outbox's delivery sits above it: it calls the
 * modules' handlers). The delivery registers itself at boot (lib/server/bootstrap.ts) and in the API
 * tests' setup (docs/outbox.md#delivery). One handler per process, on globalThis: Next bundles the
 * instrumentation (which boots) apart from the routes (which commit), and both must see the same one.
 */

/**
 * An outbox event written in a transaction, as the dispatcher needs it to deliver it after the commit
 * without reading it back (lib/server/outbox/emit.ts, docs/outbox.md#delivery).
 */
export type WrittenEvent = { id: number; kind: string; payload: unknown; attempts: number };

type AfterCommit = (events: WrittenEvent[]) => Promise<unknown>;
const KEY = Symbol.for('liangdun.afterCommit');
type Global = typeof globalThis & { [KEY]?: AfterCommit };

/** Sets the one handler of committed events (a second call replaces the first). */
export function onCommitted(handler: AfterCommit): void {
  (globalThis as Global)[KEY] = handler;
}

/**
 * Hands a committed transaction's events to the handler and waits for it; its failure is the
 * caller's. With none registered the events stay held by their writer until their lease ends, then
 * the sweep delivers them, as it does those of a process that died after its commit.
 */
export async function committed(events: WrittenEvent[]): Promise<void> {
  const handler = (globalThis as Global)[KEY];
  if (handler) await handler(events);
}
