/**
 * A throwaway PostgreSQL database for a script's own server (scripts/e2e-server.mjs,
 * scripts/fault-test.mjs): created on the admin URL TEST_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/test) as `<prefix>_<random>`, dropped with drop().
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** @returns {Promise<{ url: string, drop: () => Promise<void> }>} rejects with a readable message when it cannot be made */
export async function createScratchDatabase(prefix) {
  const adminUrl = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = async (sql) => {
    const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  try {
    await admin(`CREATE DATABASE ${name}`);
  } catch (err) {
    throw new Error(`cannot create a database on ${adminUrl}: ${err.message}`);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
