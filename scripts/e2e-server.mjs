#!/usr/bin/env node
/**
 * The server Playwright tests against (playwright.config.ts → webServer): the production build
 * (`next start`, build dir NEXT_DIST_DIR or .next) on 127.0.0.1:3310 with its own fresh database:
 *   E2E_DB=pglite (default)  PGlite in a new temporary DATA_DIR
 *   E2E_DB=postgres          a new PostgreSQL database shop_e2e_<random> (admin URL: TEST_PG_URL,
 *                            default postgres://postgres@127.0.0.1:5432/test), dropped at exit
 * The server migrates and seeds at start (instrumentation.ts). SITE_URL=http://127.0.0.1:3310,
 * MAIL_HOSTS=mail.localtest. On SIGTERM/SIGINT it stops the server and removes what it created.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const HOST = '127.0.0.1';
const PORT = Number(process.env.E2E_PORT || 3310);
const kind = process.env.E2E_DB === 'postgres' ? 'postgres' : 'pglite';
const dist = process.env.NEXT_DIST_DIR || '.next';

if (!existsSync(path.join(dist, 'BUILD_ID'))) {
  console.error(`[e2e-server] no production build in ${dist}/: run \`node scripts/write-build-meta.mjs && npx next build\` first`);
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
const env = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(PORT),
  DATA_DIR: dataDir,
  SITE_URL: `http://${HOST}:${PORT}`,
  MAIL_HOSTS: 'mail.localtest',
  SHOP_MODE: 'demo',
  NEXT_TELEMETRY_DISABLED: '1',
};
delete env.DATABASE_URL;

let dropDatabase = async () => {};
if (kind === 'postgres') {
  const adminUrl = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const name = `shop_e2e_${randomBytes(5).toString('hex')}`;
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
    console.error(`[e2e-server] cannot create a database on ${adminUrl}: ${err.message}`);
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(1);
  }
  dropDatabase = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
}

const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');
console.log(`[e2e-server] next start on http://${HOST}:${PORT} (${dist}, ${kind}${kind === 'pglite' ? ` in ${dataDir}` : ''})`);
const child = spawn(process.execPath, [nextBin, 'start', '-p', String(PORT), '-H', HOST], { env, stdio: 'inherit' });

let cleaning = false;
async function cleanup(code) {
  if (cleaning) return;
  cleaning = true;
  try {
    await dropDatabase();
  } catch (err) {
    console.error(`[e2e-server] could not drop the database: ${err.message}`);
  }
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}

child.on('exit', (code, signal) => cleanup(code ?? (signal ? 0 : 1)));
for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(sig, () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    // next start exits within a second; make sure we never hang.
    setTimeout(() => {
      child.kill('SIGKILL');
      cleanup(1);
    }, 8000).unref();
  });
}
