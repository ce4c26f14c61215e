/**
 * api-pglite, once per run: create an in-memory PGlite, migrate, seed, and dump its data dir to a
 * tarball in a temp dir. Each test file then opens its own copy (tests/api/setup.ts), which takes
 * a fraction of the time a fresh initdb + migration would.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrateDb } from '../../lib/server/db/migrate';
import { PGLITE_EXTENSIONS } from '../../lib/server/db/pglite-extensions';
import * as schema from '../../lib/server/db/schema';
import { seedDb } from '../../lib/server/db/seed';

export default async function setup(project: TestProject) {
  const started = Date.now();
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const handle = { db: drizzle(client, { schema }), kind: 'pglite' } as const;
  await migrateDb(handle);
  await seedDb(handle.db);
  const dump = await client.dumpDataDir('none');
  await client.close();

  const dir = mkdtempSync(path.join(tmpdir(), 'shop-pglite-'));
  const file = path.join(dir, 'seeded.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTarball', file);
  console.log(`[api-pglite] prepared seeded PGlite in ${Date.now() - started} ms`);

  return () => rmSync(dir, { recursive: true, force: true });
}
