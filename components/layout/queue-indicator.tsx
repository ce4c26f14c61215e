'use client';
import { useSyncExternalStore } from 'react';
import { queuedRequests, subscribeQueue } from '@/lib/api/queue';

/**
 * 排队中: shown while a request of the shopper's waits to be tried again (the shop was busy or an
 * instance went away: docs/decisions/retries.md#client). Fixed over the page, so nothing moves.
 */
export function QueueIndicator() {
  const waiting = useSyncExternalStore(subscribeQueue, queuedRequests, () => 0);
  return (
    <div className="queue-indicator" role="status" aria-live="polite" hidden={waiting === 0}>
      {waiting > 0 ? '排队中，请稍候…' : ''}
    </div>
  );
}
