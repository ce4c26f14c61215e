/** The outbox's events (lib/server/outbox/ and module outbox, docs/outbox.md). */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The outbox (docs/outbox.md): work that must follow a commit (an SMS, cached pages refreshed, stock-back
 * notices, a refund sent to the provider), written in the transaction that causes it and delivered by
 * the dispatcher after the commit, at least once, retried with backoff. `dedupe_key` keeps a cause from
 * writing one event twice; `due_at` is the next try (and, while a dispatcher holds it, its lease).
 * Payloads hold ids, never phone numbers: they are looked up at delivery.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 40 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    dedupeKey: varchar('dedupe_key', { length: 120 }).unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: varchar('last_error', { length: 500 }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('outbox_events_due_idx').on(t.dueAt).where(sql`${t.deliveredAt} is null`)],
);
