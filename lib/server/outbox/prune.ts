/**
 * Retention (docs/outbox.md#retention): delivered events are deleted OUTBOX_KEEP_DAYS after delivery by
 * the prune flow (lib/server/flows/prune-expired.ts); undelivered ones stay until delivered or resent.
 */
import 'server-only';
import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { outboxEvents } from '../db/schema';

export async function pruneDeliveredEvents(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(outboxEvents).where(lt(outboxEvents.deliveredAt, before));
}
