'use client';
/**
 * How many of the client's requests are waiting to be tried again (docs/decisions/retries.md#client):
 * while any is, the screen says 排队中 (components/layout/queue-indicator.tsx).
 */
let waiting = 0;
const listeners = new Set<() => void>();

const changed = () => {
  for (const l of listeners) l();
};

export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const queuedRequests = () => waiting;

/** One more request waits; the function it returns ends its wait (once). */
export function joinQueue(): () => void {
  waiting += 1;
  changed();
  let left = false;
  return () => {
    if (left) return;
    left = true;
    waiting -= 1;
    changed();
  };
}
