/**
 * The one database handle: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * Both speak the same SQL and run the same migrations (docs/decisions/why-pglite.md).
 *
 * Transactions: opened only by withTx. A function that may run inside a caller's transaction takes
 * it as its first parameter, `db: DbOrTx`; a service that opens one and must add work of its caller
 * to it (an audit row) takes that work as a callback `(tx: Tx) => Promise<void>`.
 */
import 'server-only';
import { mkdirSync } from 'node:fs';
import { pgliteDir } from './data-dir';
import { lockDataDir } from './pglite-lock';
import { markCommitted } from './idempotency-mark';
import { committed, type WrittenEvent } from './after-commit';
import { pgliteLiveness, postgresLiveness } from './instance-lock';
import * as schema from './schema';
import type { AdvisoryLock, Db, DbHandle, DbOrTx, Tx } from './types';
import { requestLimits } from '../boot/limits.mjs';
import { onStop } from '../boot/stop-steps.mjs';
import { observeQuery, watchDbPool } from '../metrics/metrics.mjs';
import { settings } from '../settings/settings';

export type { Db, DbHandle, DbOrTx, Tx };

/** The advisory lock keys of the shop (one number each, in the shop's own range). */
const ADVISORY_LOCKS: Record<AdvisoryLock, number> = { setup: 72_010_001, sweep: 72_010_002 };

export async function openDb(options: { url?: string; pgliteDir?: string; pgliteFrom?: Blob } = {}): Promise<DbHandle> {
  const url = options.url ?? settings().DATABASE_URL;
  if (url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // A statement that runs past its limit is cancelled by PostgreSQL itself, and a transaction left open
    // is ended: no request holds a connection or its locks longer than its deadline (docs/cluster.md#bounded-requests).
    const { statementTimeoutMs, idleInTransactionMs } = requestLimits();
    const pool = new Pool({
      connectionString: url,
      max: settings().DB_POOL_MAX,
      statement_timeout: statementTimeoutMs,
      idle_in_transaction_session_timeout: idleInTransactionMs,
    });
    // Every query of every connection timed, and the pool's use shown (docs/metrics.md).
    pool.on('connect', (c) => timeQueries(c, 'postgres'));
    if (!options.url) watchDbPool(pool);
    const db: Db = drizzle(pool, { schema });
    const exclusive: DbHandle['exclusive'] = async (lock, fn, { wait }) => {
      const key = ADVISORY_LOCKS[lock];
      const client = await pool.connect();
      try {
        // Waiting for the lock (another instance migrates) is not a runaway statement: no limit for it.
        if (wait) await client.query('set statement_timeout = 0').then(() => client.query('select pg_advisory_lock($1)', [key])).finally(() => client.query('reset statement_timeout'));
        else if (!(await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key])).rows[0].ok) return undefined;
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    };
    const liveness = postgresLiveness(url);
    return { db, kind: 'postgres', close: async () => void (await Promise.all([pool.end(), liveness.close()])), exclusive, liveness };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = options.pgliteDir ?? pgliteDir();
  if (!options.pgliteFrom) mkdirSync(dir, { recursive: true });
  const release = options.pgliteFrom ? () => {} : lockDataDir(dir);
  let client;
  try {
    const { PGLITE_EXTENSIONS: extensions } = await import('./pglite-extensions');
    client = options.pgliteFrom ? await PGlite.create({ loadDataDir: options.pgliteFrom, extensions }) : await PGlite.create(dir, { extensions });
  } catch (err) {
    release();
    throw err;
  }
  timeQueries(client, 'pglite');
  const db: Db = drizzle(client, { schema });
  return { db, kind: 'pglite', close: () => client.close().finally(release), exclusive: (_lock, fn) => fn(), liveness: pgliteLiveness() };
}

type Queryable = { query: (...args: never[]) => unknown; transaction?: (fn: (tx: Queryable) => Promise<unknown>, ...rest: never[]) => Promise<unknown> };

/**
 * Times each query of a pg client or a PGlite (and of PGlite's transactions, which query through an
 * object of their own) for shop_db_query_duration_seconds. pg's query also takes a callback (pg.Pool's
 * own query does): the time is then taken when the callback runs.
 */
function timeQueries(client: Queryable, kind: 'pglite' | 'postgres'): void {
  const query = client.query as (...args: unknown[]) => unknown;
  client.query = function (this: unknown, ...args: unknown[]) {
    const start = performance.now();
    const done = () => observeQuery(kind, (performance.now() - start) / 1000);
    const last = args.length - 1;
    const cb = args[last];
    if (typeof cb === 'function') {
      args[last] = function (this: unknown, ...r: unknown[]) {
        done();
        return (cb as (...a: unknown[]) => unknown).apply(this, r);
      };
      return query.apply(this, args);
    }
    const out = query.apply(this, args);
    if (out && typeof (out as Promise<unknown>).then === 'function') (out as Promise<unknown>).then(done, done);
    return out;
  } as Queryable['query'];
  const transaction = client.transaction;
  if (transaction) {
    client.transaction = function (this: unknown, fn: (tx: Queryable) => Promise<unknown>, ...rest: never[]) {
      return transaction.call(this, (tx: Queryable) => {
        timeQueries(tx, kind);
        return fn(tx);
      }, ...rest);
    } as Queryable['transaction'];
  }
}

type Global = typeof globalThis & { __shopDb?: Promise<DbHandle> };

/** The process-wide handle, opened once and migrated before first use. */
export function getDbHandle(): Promise<DbHandle> {
  const g = globalThis as Global;
  if (!g.__shopDb) {
    g.__shopDb = (async () => {
      const handle = await openDb();
      const { migrateDb } = await import('./migrate');
      // Instances starting together migrate one after the other: the later ones find nothing to do.
      await handle.exclusive('setup', () => migrateDb(handle), { wait: true });
      return handle;
    })();
    g.__shopDb.catch(() => {
      g.__shopDb = undefined;
    });
    const opened = g.__shopDb;
    onStop(() => opened.then((h) => h.close()).catch(() => {}));
  }
  return g.__shopDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

export type { WrittenEvent };

/** The outbox events written in each open transaction. */
const emitted = new WeakMap<object, WrittenEvent[]>();

export function noteEmitted(tx: Tx, event: WrittenEvent): void {
  emitted.get(tx)?.push(event);
}

/**
 * Runs `fn` in one transaction (of `db` when given, say a script's own handle; else the process's).
 * The outbox events it wrote are handed to the after-commit handler right after the commit, which
 * delivers them (./after-commit.ts, docs/outbox.md#delivery); those of a transaction inside another
 * wait for the outer one's commit. Run for a request with an idempotency key, the outermost
 * transaction also marks that key as committed (./idempotency-mark.ts).
 */
export async function withTx<T>(fn: (tx: Tx) => Promise<T>, db?: DbOrTx): Promise<T> {
  const events: WrittenEvent[] = [];
  const inner = Boolean(db && emitted.has(db));
  const out = await (db ?? (await getDb())).transaction(async (tx) => {
    emitted.set(tx, events);
    if (!inner) await markCommitted(tx);
    return fn(tx);
  });
  if (events.length) {
    const outer = db && emitted.get(db);
    if (outer) outer.push(...events);
    else await committed(events);
  }
  return out;
}

/** For tests: use this handle as the process-wide one. */
export function setDbHandle(handle: DbHandle): void {
  (globalThis as Global).__shopDb = Promise.resolve(handle);
}
