/**
 * The one database handle: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * Both speak the same SQL and run the same migrations (docs/decisions/why-pglite.md).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockDataDir } from './pglite-lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = 'pglite' | 'postgres';
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
    const db = drizzle(pool, { schema }) as unknown as Db;
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
  const db = drizzle(client, { schema }) as unknown as Db;
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

/** For tests: use this handle as the process-wide one. */
export function setDbHandle(handle: DbHandle): void {
  (globalThis as Global).__shopDb = Promise.resolve(handle);
}
