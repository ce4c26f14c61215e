/**
 * Per test file of the api-* projects: open this file's own database and install it as the
 * process-wide handle (setDbHandle), so the route handlers under test use it; close it (and on
 * PostgreSQL drop it) afterwards.
 *   TEST_DB=pglite    a copy of the seeded PGlite prepared by global-setup-pglite.ts
 *   TEST_DB=postgres  CREATE DATABASE shop_t_<random>, migrate, seed; DROP DATABASE afterAll
 */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject, vi } from 'vitest';
import { onCommitted } from '@/lib/server/db/after-commit';
import { openDb, setDbHandle, type DbHandle } from '@/lib/server/db/client';
import { migrateDb } from '@/lib/server/db/migrate';
import { seedDb } from '@/lib/server/db/seed';

// Outside the Next.js server there is no incremental cache: unstable_cache throws
// "Invariant: incrementalCache missing", and revalidateTag needs a request's work store.
// The handlers are tested against the database itself, so the cache is a pass-through here:
// unstable_cache → the function itself, revalidateTag/revalidatePath → no-ops.
vi.mock('next/cache', () => ({
  unstable_cache: <T extends (...args: never[]) => unknown>(fn: T) => fn,
  revalidateTag: () => {},
  revalidatePath: () => {},
  updateTag: () => {},
  refresh: () => {},
  unstable_noStore: () => {},
  cacheLife: () => {},
  cacheTag: () => {},
}));

// The outbox's delivery after each commit, as the server registers it at boot (docs/outbox.md#delivery).
// Loaded at the first commit, not here: a test file's vi.mock must still reach the modules it loads.
onCommitted(async (events) => (await import('@/lib/server/flows/outbox-delivery')).deliverWritten(events));

let handle: DbHandle | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const kind = process.env.TEST_DB;
  if (kind === 'pglite') {
    const tar = readFileSync(inject('pgliteTarball'));
    handle = await openDb({ pgliteFrom: new Blob([tar]) });
  } else if (kind === 'postgres') {
    const adminUrl = inject('pgAdminUrl');
    const name = `shop_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    dropDatabase = async () => {
      // pg's Pool.end() resolves before its clients' Terminate messages reach the server; a
      // FORCE drop in between kills those backends and the pool reports the FATAL 57P01 as an
      // uncaught error. So first wait (briefly) for this database's connections to go away.
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        for (let i = 0; i < 50; i++) {
          const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    };
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    handle = await openDb({ url: url.toString() });
    await migrateDb(handle);
    await seedDb(handle.db);
  } else {
    throw new Error(`TEST_DB must be pglite or postgres (got ${kind ?? 'nothing'}): run through a vitest api-* project`);
  }
  setDbHandle(handle);
});

afterAll(async () => {
  await handle?.close().catch(() => {});
  (globalThis as { __shopDb?: unknown }).__shopDb = undefined;
  await dropDatabase?.();
});
