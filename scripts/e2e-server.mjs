#!/usr/bin/env node
/**
 * The server Playwright tests against (playwright.config.ts → webServer): the production build
 * (`server.mjs`, build dir NEXT_DIST_DIR or .next) on 127.0.0.1:3310 with its own fresh database:
 *   E2E_DB=pglite (default)  PGlite in a new temporary DATA_DIR
 *   E2E_DB=postgres          a new PostgreSQL database shop_e2e_<random> (admin URL: TEST_PG_URL,
 *                            default postgres://postgres@127.0.0.1:5432/test), dropped at exit
 * The server migrates and seeds at start (instrumentation.ts); before it starts, each phone of
 * E2E_OPERATOR_PHONES (a comma list, when set) becomes an operator through scripts/admin-create.ts. SITE_URL=http://127.0.0.1:3310,
 * MAIL_HOSTS=mail.localtest. On SIGTERM/SIGINT it stops the server and removes what it created.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from './scratch-database.mjs';
import { startShop } from './shop-server.mjs';

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
  // The specs play shoppers on different networks (X-Forwarded-For), as a proxy on this host would
  // report them; without it every SMS code of the suite would count against 127.0.0.1.
  TRUST_PROXY: '127.0.0.1/32',
  // GET /metrics for the token's holder (docs/metrics.md); tests/e2e/metrics.spec.ts asks with the same.
  METRICS_TOKEN: process.env.E2E_METRICS_TOKEN || 'e2e-metrics-token',
};
delete env.DATABASE_URL;
delete env.REDIS_URL; // one process: its page cache stays in memory

let dropDatabase = async () => {};
if (kind === 'postgres') {
  let scratch;
  try {
    scratch = await createScratchDatabase('shop_e2e');
  } catch (err) {
    console.error(`[e2e-server] ${err.message}`);
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(1);
  }
  dropDatabase = scratch.drop;
  env.DATABASE_URL = scratch.url;
}

// The console's operators (tests/e2e/env.ts OPERATORS, passed by playwright.config.ts as a comma list):
// made with the admin:create code in the fresh database, which it closes before the server opens it.
if (process.env.E2E_OPERATOR_PHONES) {
  const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
  const phones = process.env.E2E_OPERATOR_PHONES.split(',').flatMap((p) => ['--phone', p.trim()]);
  const made = spawnSync(process.execPath, [tsxCli, '--conditions=react-server', 'scripts/admin-create.ts', ...phones], { env, stdio: 'inherit' });
  if (made.status !== 0) {
    console.error('[e2e-server] admin:create failed');
    await dropDatabase().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(1);
  }
}

console.log(`[e2e-server] server.mjs on http://${HOST}:${PORT} (${dist}, ${kind}${kind === 'pglite' ? ` in ${dataDir}` : ''})`);
const child = startShop({ port: PORT, host: HOST, env });

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
    // The server exits within a second; make sure we never hang.
    setTimeout(() => {
      child.kill('SIGKILL');
      cleanup(1);
    }, 8000).unref();
  });
}
