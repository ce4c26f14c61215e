/**
 * The database handle's types, apart from the code that opens it (./client.ts), so the files that
 * client.ts itself loads (the idempotency mark, the migrations) can name them without a cycle.
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Liveness } from './instance-lock';
import type * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** An open transaction: what Db.transaction hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The process's handle or a transaction on it: what queries run on. */
export type DbOrTx = Db | Tx;
type DbKind = 'pglite' | 'postgres';
/** The shop's advisory locks (their keys: ./client.ts). */
export type AdvisoryLock = 'setup' | 'sweep';
/**
 * `exclusive(lock, fn)` runs fn while holding a PostgreSQL session advisory lock, so among every
 * instance of the shop on one database only one runs it at a time: `wait` queues behind the holder
 * (migrations and the seed), otherwise fn is skipped (`undefined`) when another holds it (a sweep
 * tick). The lock lives on a connection of its own and goes with it if the process dies. PGlite is
 * one process per data directory, so there fn simply runs.
 */
export type DbHandle = {
  db: Db;
  kind: DbKind;
  close: () => Promise<void>;
  exclusive: <T>(lock: AdvisoryLock, fn: () => Promise<T>, opts: { wait: boolean }) => Promise<T | undefined>;
  /** Which processes of the shop are alive: the owners of idempotency keys (./instance-lock.ts). */
  liveness: Liveness;
};
