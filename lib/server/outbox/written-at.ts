/**
 * When an outbox event was written, for the 消息中心's delivery (docs/messages.md): a message already
 * written under the event's source key was written by this event (a redelivery: the SMS goes again under
 * its key) or by an earlier one (nothing more is sent). The time is the database's text of the column,
 * to the microsecond, so the comparison it serves is the one the database would make.
 */
import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { outboxEvents } from '../db/schema';

/** The event's created_at as the database writes it (cast back with `::timestamptz`), or null when the row is gone. */
export async function eventWrittenAt(db: DbOrTx, eventId: number): Promise<string | null> {
  const [row] = await db.select({ at: sql<string>`${outboxEvents.createdAt}::text` }).from(outboxEvents).where(eq(outboxEvents.id, eventId));
  return row?.at ?? null;
}
