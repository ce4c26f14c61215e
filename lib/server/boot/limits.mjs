/**
 * What one request may cost an instance (docs/cluster.md#bounded-requests): every setting of the
 * deadline, the admission gate, load shedding, the watchdog, the database's timeouts and the access log,
 * read from the environment once, with its default, here and nowhere else.
 */
import path from 'node:path';

/** A whole number from the environment, or `fallback` when unset or blank; anything else stops the start with its name. */
function whole(name, fallback, min = 0, max = Number.MAX_SAFE_INTEGER) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new Error(`${name}: "${raw}" is not a whole number from ${min} to ${max}`);
  return n;
}

/**
 * How long the access log is kept, in days: docs/privacy.md promises at least six months (网络安全法
 * art. 21) and at most a year, so the setting may not leave that window (six months are at most 184 days).
 */
const LOG_DAYS = { fallback: 186, min: 184, max: 365 };

/** @returns {import('./limits.d.mts').Limits} */
export function requestLimits() {
  const pglite = !process.env.DATABASE_URL;
  const deadlineMs = whole('REQUEST_DEADLINE_MS', 20_000, 100);
  return {
    // Well before nginx's proxy_read_timeout (60 s): the shop answers a request that ran too long itself.
    deadlineMs,
    // PGlite runs one query at a time: a few requests at once keep it busy, more only wait inside it.
    concurrency: whole('ADMISSION_CONCURRENCY', pglite ? 6 : 24, 1),
    queue: whole('ADMISSION_QUEUE', pglite ? 48 : 128, 0),
    maxWaitMs: whole('ADMISSION_MAX_WAIT_MS', 2_000, 0),
    lagShedMs: whole('LAG_SHED_MS', 1_000, 1),
    retryAfterS: whole('RETRY_AFTER_S', 1, 1),
    watchdogMs: whole('WATCHDOG_MS', 8_000, 500),
    // The database gives up a statement a little before the request's deadline, and a transaction left open.
    statementTimeoutMs: whole('DB_STATEMENT_TIMEOUT_MS', Math.max(deadlineMs - 2_000, 1_000), 0),
    idleInTransactionMs: whole('DB_IDLE_IN_TRANSACTION_MS', 30_000, 0),
    accessLog: accessLogTarget(),
    accessLogDir: path.resolve(/*turbopackIgnore: true*/ process.env.ACCESS_LOG_DIR || path.join(/*turbopackIgnore: true*/ process.env.DATA_DIR || '.data', 'logs')),
    accessLogDays: whole('ACCESS_LOG_DAYS', LOG_DAYS.fallback, LOG_DAYS.min, LOG_DAYS.max),
    testHooks: testHooksOn(),
  };
}

function accessLogTarget() {
  const v = (process.env.ACCESS_LOG || 'file').trim();
  if (v !== 'file' && v !== 'stdout' && v !== 'off') throw new Error(`ACCESS_LOG: "${v}" must be file, stdout or off`);
  return /** @type {'file' | 'stdout' | 'off'} */ (v);
}

/**
 * The test-only hook that makes a request slow (lib/server/boot/test-hooks.mjs): on only when a test sets
 * SHOP_TEST_HOOKS=1, and never in live mode, whatever the environment says.
 */
function testHooksOn() {
  return process.env.SHOP_TEST_HOOKS === '1' && process.env.SHOP_MODE !== 'live';
}
