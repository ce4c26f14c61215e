/**
 * Where the shop under test keeps its data: a fresh work dir (the server log and, on PGlite, the data
 * dir) and, on PostgreSQL, a scratch database. Made before the first start, removed at the end unless
 * the test failed or FAULT_KEEP=1 asks to keep them for a look.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../scratch-database.mjs';
import { BASE, DIST, KEEP, KIND, PORT } from './config.mjs';

/** @returns {Promise<{ work: string, dataDir: string, logFile: string, env: object, dbUrl: string | null, dropDatabase: () => Promise<void> }>} */
export async function prepareStage() {
  const work = mkdtempSync(path.join(tmpdir(), 'shop-fault-'));
  const dataDir = path.join(work, 'data');
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    DATA_DIR: dataDir,
    SITE_URL: BASE,
    SHOP_MODE: 'demo',
    NEXT_DIST_DIR: DIST,
    NEXT_TELEMETRY_DISABLED: '1',
    // The cluster's instances trust nginx on this host (each shopper calls from a loopback address of its own).
    TRUST_PROXY: '127.0.0.1/32',
    // A commit's own outbox delivery waits this long, so the kill lands between commits and their sends
    // (docs/outbox.md#fault-test).
    OUTBOX_HOLD_MS: process.env.OUTBOX_HOLD_MS || '300',
    // Each delivery's event id, appended at once (scripts/fault/books/outbox.mjs counts them).
    OUTBOX_DELIVERY_LOG: path.join(work, 'outbox-deliveries.log'),
    // Each SMS the demo provider sent, with its Idempotency-Key (scripts/fault/books/messages.mjs counts them).
    SMS_DELIVERY_LOG: path.join(work, 'sms-deliveries.log'),
    // Ticks every second, so what a killed process had claimed goes out soon after its lease.
    SWEEP_INTERVAL_MS: '1000',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL; // one process keeps its page cache in memory; --cluster passes Redis itself
  delete env.E2E;
  const stage = { work, dataDir, logFile: path.join(work, 'server.log'), env, dbUrl: null, dropDatabase: async () => {} };
  if (KIND === 'postgres') {
    let scratch;
    try {
      scratch = await createScratchDatabase('shop_fault');
    } catch (err) {
      console.error(`[fault] ${err.message}`);
      rmSync(work, { recursive: true, force: true });
      process.exit(1);
    }
    stage.dropDatabase = scratch.drop;
    stage.dbUrl = scratch.url;
    env.DATABASE_URL = scratch.url;
  }
  return stage;
}

/** One line naming the database, the build and the log, for the start of the run. */
export function describeStage(stage) {
  const db = KIND === 'pglite' ? ` in ${stage.dataDir}` : ` ${stage.dbUrl.replace(/\/\/[^@]*@/, '//')}`;
  return `${KIND}${db}, build ${DIST}, log ${stage.logFile}`;
}

/** Drops the scratch database; keeps the work dir (and shows the server's errors) when the test failed or FAULT_KEEP=1. */
export async function teardownStage(stage, exitCode) {
  try {
    await stage.dropDatabase();
  } catch (err) {
    console.error(`[fault] could not drop the database: ${err.message}`);
  }
  if (exitCode !== 0 || KEEP) {
    const errors = existsSync(stage.logFile) ? readFileSync(stage.logFile, 'utf8').split('\n').filter((l) => /"level":(50|60)/.test(l)) : [];
    if (errors.length) console.log(`server errors (${errors.length}), last ones:\n${errors.slice(-8).map((l) => '  ' + l.slice(0, 400)).join('\n')}`);
    console.log(`kept ${stage.work} (server.log${KIND === 'pglite' ? ', data' : ''})`);
  } else rmSync(stage.work, { recursive: true, force: true });
}
