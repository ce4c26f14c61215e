/**
 * The fault test's options: the command line (--db pglite|postgres) and the FAULT_* variables, read once
 * at the start, plus the timestamped progress line every part prints. A wrong option or a missing build
 * stops the test here, before a work dir or a database is made.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../shop-server.mjs';

// Relative paths (the build folder, scripts/admin-create.ts, PGlite's data dir) are the repository's.
process.chdir(ROOT);

const argDb = (() => {
  const i = process.argv.indexOf('--db');
  const v = i >= 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith('--db='))?.slice(5);
  return v ?? 'pglite';
})();
const argCluster = process.argv.includes('--cluster');
if ((argDb !== 'pglite' && argDb !== 'postgres') || (argCluster && argDb !== 'postgres')) {
  console.error('usage: node scripts/fault-test.mjs --db pglite|postgres [--cluster (postgres only)]');
  process.exit(2);
}

/** 'pglite' or 'postgres': which database the shop runs on. */
export const KIND = argDb;
/**
 * --cluster: the shop is two instances behind nginx (scripts/cluster/start.mjs) with Redis; BASE is the
 * front, the instances listen on PORT + 1 and PORT + 2, and the second one is killed while the load
 * goes on through the front for CLUSTER_LOAD_AFTER_KILL_MS, then started again.
 */
export const CLUSTER = argCluster;
export const CLUSTER_LOAD_AFTER_KILL_MS = 3000;
export const HOST = '127.0.0.1';
export const PORT = Number(process.env.FAULT_PORT || 3370);
export const BASE = `http://${HOST}:${PORT}`;
export const DIST = process.env.NEXT_DIST_DIR || '.next';
export const SHOPPERS = Number(process.env.FAULT_SHOPPERS || 20);
export const LOAD_MS = Number(process.env.FAULT_LOAD_MS || 4000);
// On a slow machine the kill waits (up to 3 × LOAD_MS) until this many payments were confirmed under load.
export const MIN_CONFIRMED = Number(process.env.FAULT_MIN_CONFIRMED || 15);
// Down time between the kill and the restart: longer than the 10 s after which the payment sweep (run at
// start) repeats a refund still under way, so every refund the kill cut short is repeated at the restart.
export const DOWN_MS = Number(process.env.FAULT_DOWN_MS || 10_500);
export const KEEP = process.env.FAULT_KEEP === '1';
/** How often a checkout under load meets each fault. */
export const ODDS = { cancelFirst: 0.12, double: 0.1, drop: 0.3, cancelAfterDrop: 0.4, afterSale: 0.5, cancelPaid: 0.4, renew: 0.5 };

export const t0 = Date.now();
export const say = (msg) => console.log(`[fault ${KIND}${CLUSTER ? ' cluster' : ''} ${((Date.now() - t0) / 1000).toFixed(1).padStart(5)}s] ${msg}`);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (!existsSync(path.join(DIST, 'BUILD_ID'))) {
  console.error(`[fault] no production build in ${DIST}/: run \`node scripts/write-build-meta.mjs && npx next build\` first`);
  process.exit(1);
}
