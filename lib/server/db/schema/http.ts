/** The HTTP layer's own tables: per-address limits and idempotency keys (lib/server/http/). */
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * One mutating request sent with an `Idempotency-Key`, per caller (`scope`: a hash of who sent it).
 * While it runs, `owner` names the instance working on it (its liveness lock: lib/server/db/instance-lock.ts);
 * `committed` is set inside the transaction that wrote its work, so a retry after a kill knows whether
 * anything was done. Once answered, `owner` is null and the answer (status, headers, body in base64)
 * is what every repeat gets. Deleted after IDEMPOTENCY_KEEP_HOURS by the retention sweep.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: varchar('scope', { length: 64 }).notNull(),
    key: varchar('key', { length: 100 }).notNull(),
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    owner: integer('owner'),
    committed: boolean('committed').notNull().default(false),
    status: integer('status'),
    headers: jsonb('headers').$type<[string, string][]>(),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * The per-address limits' counters on PostgreSQL, in the shape rate-limiter-flexible's
 * RateLimiterPostgres reads and writes (lib/server/http/address-limit.ts): one row per limit and
 * address, `expire` in epoch milliseconds; the limiter deletes expired rows itself.
 */
export const addressLimits = pgTable('address_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});
