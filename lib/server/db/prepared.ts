/**
 * A query prepared once per database handle (drizzle's `.prepare`): its SQL text is built once instead of
 * on every call, and on PostgreSQL it is a named statement each pooled connection parses and plans once.
 * Kept for the few fixed-shape queries nearly every request runs (docs/decisions/checkout-speed.md).
 * A prepared query runs on the handle, never inside a transaction.
 */
import type { Db } from './client';

export function preparedQuery<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const byDb = new WeakMap<Db, Q>();
  return (db) => {
    let q = byDb.get(db);
    if (!q) byDb.set(db, (q = build(db)));
    return q;
  };
}
