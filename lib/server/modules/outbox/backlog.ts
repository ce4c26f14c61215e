/**
 * The outbox's backlog for the metrics (docs/metrics.md): events not yet delivered and the age of the
 * oldest, one query on the partial index of undelivered events. A backlog that grows or an age past a
 * few minutes means deliveries fail or nothing sweeps (docs/outbox.md#delivery).
 */
import 'server-only';
import { isNull, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { outboxEvents } from '../../db/schema';

export async function outboxBacklog(): Promise<{ backlog: number; oldestAgeSeconds: number }> {
  const db = await getDb();
  const [row] = await db
    .select({
      backlog: sql<number>`count(*)::int`,
      oldestAgeSeconds: sql<number>`coalesce(extract(epoch from now() - min(${outboxEvents.createdAt})), 0)::float8`,
    })
    .from(outboxEvents)
    .where(isNull(outboxEvents.deliveredAt));
  return { backlog: Number(row.backlog), oldestAgeSeconds: Math.max(0, Number(row.oldestAgeSeconds)) };
}
