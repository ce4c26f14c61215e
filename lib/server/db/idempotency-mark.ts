/**
 * The request with an idempotency key that this code runs for, if any (docs/decisions/retries.md#work-done-answer-lost):
 * every transaction it opens (withTx) marks its key `committed` in that same transaction, so a retry
 * that finds the key's owner dead knows whether the work is in the database even though no answer was stored.
 */
import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq } from 'drizzle-orm';
import { idempotencyKeys } from './schema';
import type { Tx } from './types';

/**
 * A reserved key (`owner`: the instance running it), or the key of a rerunnable route's request, which
 * finds its own earlier write by the key and so is neither reserved nor marked (docs/decisions/retries.md#routes).
 */
export type Claim = { scope: string; key: string; owner: number; rerunnable?: false } | { scope: string; key: string; rerunnable: true };

// One store for the process: Next.js may load this module once per route bundle.
type Global = typeof globalThis & { __shopIdempotencyClaim?: AsyncLocalStorage<Claim> };
const g = globalThis as Global;
const current = (g.__shopIdempotencyClaim ??= new AsyncLocalStorage<Claim>());

export function runClaimed<T>(claim: Claim, fn: () => Promise<T>): Promise<T> {
  return current.run(claim, fn);
}

/**
 * The key of the request this code runs for, if any: a write that a repeat must find again (a 在线客服
 * line) keeps it in its row, so the repeat of a request whose answer was lost answers that row.
 */
export function currentRequestKey(): string | null {
  return current.getStore()?.key ?? null;
}

export async function markCommitted(tx: Tx): Promise<void> {
  const claim = current.getStore();
  if (!claim || claim.rerunnable) return;
  await tx
    .update(idempotencyKeys)
    .set({ committed: true })
    .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key), eq(idempotencyKeys.owner, claim.owner)));
}
