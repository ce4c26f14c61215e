/**
 * Whether an event of a dedupe key was written already, as a condition other queries filter by: the
 * coupons' sweep picks only the coupons whose 即将过期 notice is not in the outbox yet, in the query
 * that limits its batch (so the told ones never fill it).
 */
import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { outboxEvents } from '../db/schema';

/** No outbox event has the dedupe key `key` (an SQL expression, read per row of the caller's query). */
export const noEventKeyed = (key: SQL): SQL => sql`not exists (select 1 from ${outboxEvents} where ${outboxEvents.dedupeKey} = ${key})`;
