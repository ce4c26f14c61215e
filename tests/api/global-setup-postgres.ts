/**
 * api-postgres, once per run: make sure the PostgreSQL server answers (clear message if not) and
 * hand the admin URL to the per-file setup, which creates, migrates and seeds a fresh database.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';

export const DEFAULT_PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';

export default async function setup(project: TestProject) {
  const url = process.env.TEST_PG_URL || DEFAULT_PG_ADMIN_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    throw new Error(
      `api-postgres: PostgreSQL is not reachable at ${url} (${(err as Error).message}). ` +
        'Start it (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set TEST_PG_URL.',
    );
  } finally {
    await client.end().catch(() => {});
  }
  project.provide('pgAdminUrl', url);
}
