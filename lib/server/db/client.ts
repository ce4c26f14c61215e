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
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockDataDir } from './pglite-lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** An open transaction: what Db.transaction hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The process's handle or a transaction on it: what queries run on. */
export type DbOrTx = Db | Tx;
type DbKind = 'pglite' | 'postgres';
export type DbHandle = { db: Db; kind: DbKind; close: () => Promise<void> };

export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || '.data');
}

export async function openDb(options: { url?: string; pgliteDir?: string; pgliteFrom?: Blob } = {}): Promise<DbHandle> {
  const url = options.url ?? process.env.DATABASE_URL;
  if (url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new Pool({ connectionString: url, max: Number(process.env.DB_POOL_MAX || 10) });
    const db: Db = drizzle(pool, { schema });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = options.pgliteDir ?? path.join(dataDir(), 'pglite');
  if (!options.pgliteFrom) mkdirSync(dir, { recursive: true });
  const release = options.pgliteFrom ? () => {} : lockDataDir(dir);
  let client;
  try {
    client = options.pgliteFrom ? await PGlite.create({ loadDataDir: options.pgliteFrom }) : await PGlite.create(dir);
  } catch (err) {
    release();
    throw err;
  }
  const db: Db = drizzle(client, { schema });
  return { db, kind: 'pglite', close: () => client.close().finally(release) };
}

type Global = typeof globalThis & { __shopDb?: Promise<DbHandle> };

/** The process-wide handle, opened once and migrated before first use. */
export function getDbHandle(): Promise<DbHandle> {
  const g = globalThis as Global;
  if (!g.__shopDb) {
    g.__shopDb = (async () => {
      const handle = await openDb();
      const { migrateDb } = await import('./migrate');
      await migrateDb(handle);
      return handle;
    })();
    g.__shopDb.catch(() => {
      g.__shopDb = undefined;
    });
  }
  return g.__shopDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Runs `fn` in one transaction (of `db` when given, say a script's own handle; else the process's). */
export async function withTx<T>(fn: (tx: Tx) => Promise<T>, db?: DbOrTx): Promise<T> {
  return (db ?? (await getDb())).transaction(fn);
}

/** For tests: use this handle as the process-wide one. */
export function setDbHandle(handle: DbHandle): void {
  (globalThis as Global).__shopDb = Promise.resolve(handle);
}
