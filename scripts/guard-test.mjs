#!/usr/bin/env node
/**
 * The guard test (docs/cluster.md#bounded-requests): one runaway request costs one answer, or at worst
 * one instance's restart, never the shop.
 *
 *   node scripts/guard-test.mjs            (GUARD_PORT, default 3350: the single instance there, the cluster on the next three)
 *
 * Runs the production build (NEXT_DIST_DIR or .next) with SHOP_TEST_HOOKS=1 (lib/server/boot/test-hooks.mjs),
 * REQUEST_DEADLINE_MS=3000 and WATCHDOG_MS=6000, twice: one instance on PGlite (a fresh DATA_DIR), then a
 * cluster of two instances and nginx on a scratch PostgreSQL database (scripts/cluster/start.mjs,
 * supervised). Each time:
 *  1. waiting: a GET held on a timer past its deadline is answered 503 (Chinese envelope, Retry-After)
 *     at the deadline, while two shoppers keep loading /proc/10909 from the same instance (or the
 *     front) with p99 under 100 ms and every answer 200;
 *  2. busy: a GET that runs a loop that never yields is caught by the watchdog within 10 s — the log
 *     names it (method, path, id), the caller gets a 503, the instance ends (SIGKILL) — and the instance
 *     is started again (by this script for the single one, by the cluster's supervisor), answering
 *     its health check within 15 s on the cluster (30 s for a new PGlite process); through the cluster,
 *     every /proc/10909 meanwhile is answered 200. The watchdog lists no request answered long before.
 * In both, each slowed request reached exactly one instance (the hook writes a line per request it slows:
 * nginx sent nothing that timed out or failed to a second instance). On the cluster, before those: the
 * console's 数据 asked for 9999-12-31 (a range whose next day once sorted before it, and looped for ever)
 * is refused at once, by an instance and through the front, the API with 400 and the page with its notice.
 * Exit status 1 when anything fails.
 */
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startWorkCluster } from './cluster/start.mjs';
import { createScratchDatabase } from './scratch-database.mjs';
import { startShop, waitForHealth } from './shop-server.mjs';

const PORT = Number(process.env.GUARD_PORT || 3350);
const DEADLINE_MS = 3000;
const WATCHDOG_MS = 6000;
/** A GET of the API that goes to Next (not the health check, which is never held). */
const SLOW_PATH = '/api/v1/categories';
const PAGE = '/proc/10909';
const HOOK_ENV = { SHOP_TEST_HOOKS: '1', REQUEST_DEADLINE_MS: String(DEADLINE_MS), WATCHDOG_MS: String(WATCHDOG_MS), NEXT_TELEMETRY_DISABLED: '1' };
const t0 = Date.now();
const say = (msg) => console.log(`[guard ${((Date.now() - t0) / 1000).toFixed(1)}s] ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const failures = [];
function check(ok, what) {
  say(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}
const p99 = (xs) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * 0.99) - 1)] ?? 0;

/**
 * Shoppers loading `url` one after the other until stopped: every status and time. A 503 with Retry-After
 * is loaded again after it, as the shop's client (and its busy page) does, and counted as `busy`.
 */
function browse(url, shoppers = 2) {
  let on = true;
  const times = [];
  const bad = [];
  let busy = 0;
  const loops = Array.from({ length: shoppers }, async () => {
    while (on) {
      const t = performance.now();
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        times.push(performance.now() - t);
        const retryAfter = Number(res.headers.get('retry-after'));
        if (res.status === 503 && retryAfter > 0) {
          busy++;
          await sleep(retryAfter * 1000);
        } else if (res.status !== 200) bad.push(res.status);
      } catch (err) {
        bad.push(err.name);
      }
    }
  });
  return async () => {
    on = false;
    await Promise.all(loops);
    return { n: times.length, p99: p99(times), bad, busy };
  };
}

/** The JSON lines of the logs (the instances' stdout and stderr) that say `msg`. */
function linesOf(logs, msg) {
  return logs.flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .filter((l) => l.includes(msg))
      .map((l) => {
        try {
          return JSON.parse(l.slice(l.indexOf('{')));
        } catch {
          return null;
        }
      })
      .filter(Boolean),
  );
}

async function waiting({ base, logs, where }) {
  const hooksBefore = linesOf(logs, '"test hook"').length;
  const stop = browse(`${base}${PAGE}`);
  await sleep(300);
  const t = performance.now();
  const res = await fetch(`${base}${SLOW_PATH}`, { headers: { 'x-shop-test-slow': 'wait=600000' }, signal: AbortSignal.timeout(30_000) });
  const ms = performance.now() - t;
  const body = await res.json().catch(() => ({}));
  await sleep(500);
  const pages = await stop();
  check(res.status === 503 && body.message === '请求处理超时，请稍后再试' && res.headers.get('retry-after') !== null, `${where}: the held GET is answered 503 请求处理超时 with Retry-After (got ${res.status} ${body.message ?? ''})`);
  check(ms >= DEADLINE_MS - 50 && ms < DEADLINE_MS + 2000, `${where}: at its deadline (${Math.round(ms)} ms for ${DEADLINE_MS} ms)`);
  check(pages.bad.length === 0 && pages.busy === 0 && pages.n > 20 && pages.p99 < 100, `${where}: meanwhile ${PAGE} answered ${pages.n} times, p99 ${pages.p99.toFixed(1)} ms, failures ${pages.bad.length}, 503s ${pages.busy}`);
  const hooks = linesOf(logs, '"test hook"').slice(hooksBefore);
  check(hooks.length === 1, `${where}: the held request reached one instance (${hooks.length})`);
}

/**
 * @param {{ base: string, logs: string[], where: string, died: () => Promise<number>, cameBack: () => Promise<number>, front?: boolean, restartMs: number }} o
 *   died: resolves with the time the instance ended; cameBack: restarts it if need be, resolves when it answers
 *   again, within restartMs
 */
async function busy({ base, logs, where, died, cameBack, front, restartMs }) {
  const hooksBefore = linesOf(logs, '"test hook"').length;
  const stop = front ? browse(`${base}${PAGE}`) : null;
  await sleep(300);
  const sent = Date.now();
  const answer = fetch(`${base}${SLOW_PATH}?busy=1`, { headers: { 'x-shop-test-slow': 'busy' }, signal: AbortSignal.timeout(30_000) }).then(
    async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.json().catch(() => ({})) }),
    (err) => ({ status: err.name }),
  );
  const diedAt = await died();
  check(diedAt - sent < 10_000, `${where}: the instance ended ${((diedAt - sent) / 1000).toFixed(1)} s after the busy request`);
  const got = await answer;
  check(got.status === 503 && got.retryAfter !== null && got.body.message === '服务器繁忙，请稍后再试', `${where}: its caller got 503 服务器繁忙 with Retry-After (got ${got.status})`);
  const named = linesOf(logs, 'event loop blocked').filter((l) => l.time >= sent);
  // One busy request per run of these logs (the instances' logs are read one after the other, so the
  // lines are not in time order across them).
  const busyId = linesOf(logs, '"test hook"').filter((l) => l.how === 'busy').at(-1)?.reqId;
  const request = named.flatMap((l) => l.requests).find((r) => r.id === busyId);
  check(Boolean(busyId) && request?.method === 'GET' && request.path === SLOW_PATH, `${where}: the watchdog's line names the request (${request ? `GET ${request.path} id ${request.id}, ${request.runningMs} ms` : 'none'})`);
  const others = named.flatMap((l) => l.requests).filter((r) => r.id !== busyId);
  // The held request of the waiting case was answered long before: listed still, it would be a leak.
  check(others.every((r) => r.runningMs <= (request?.runningMs ?? 0)), `${where}: no request answered before is listed as running (${others.map((r) => `${r.path} ${r.runningMs} ms`).join(', ') || 'none'})`);
  const back = await cameBack();
  check(back - diedAt < restartMs, `${where}: the instance answered again ${((back - diedAt) / 1000).toFixed(1)} s after it ended (at most ${restartMs / 1000} s)`);
  if (stop) {
    const pages = await stop();
    // A page load in flight on the instance that hung gets the watchdog's 503 too (which request hangs the
    // loop cannot be told): at most one per shopper, and loaded again after its Retry-After.
    check(pages.bad.length === 0 && pages.busy <= 2 && pages.n > 20, `${where}: the other instance served throughout (${PAGE} ${pages.n} times, failures ${pages.bad.join(',') || 0}, 503s loaded again ${pages.busy})`);
  }
  const hooks = linesOf(logs, '"test hook"').slice(hooksBefore);
  check(hooks.length === 1, `${where}: the busy request reached one instance (${hooks.length})`);
}

/** An operator's token on the cluster: a shopper logged in with a demo code, made an operator in its database. */
async function operatorToken(front, databaseUrl) {
  const phone = '13800000350';
  const post = async (p, body) => {
    const res = await fetch(`${front}/api/v1${p}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: JSON.stringify(body) });
    const env = await res.json();
    if (env.resultCode !== 200) throw new Error(`POST ${p}: ${env.message}`);
    return env.data;
  };
  const { devCode } = await post('/auth/sms-code', { phone });
  const { token } = await post('/auth/login', { phone, code: devCode, agree: true });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(`update users set role = 'operator' where phone = $1`, [phone]);
  } finally {
    await db.end();
  }
  return token;
}

/** The range that once hung both instances: answered at once with a refusal, by the API and by the page. */
async function statsRange({ base, token, where }) {
  const query = '?from=9999-12-31&to=9999-12-31';
  let t = performance.now();
  const api = await fetch(`${base}/api/v1/admin/stats${query}`, { headers: { token }, signal: AbortSignal.timeout(10_000) });
  const body = await api.json().catch(() => ({}));
  let ms = performance.now() - t;
  check(api.status === 400 && /^开始日期只能在/.test(body.message ?? '') && ms < 1000, `${where}: GET /api/v1/admin/stats${query} answers 400 ${body.message ?? ''} in ${Math.round(ms)} ms`);
  t = performance.now();
  const page = await fetch(`${base}/admin/stats${query}`, { headers: { cookie: `auth-token=${token}` }, signal: AbortSignal.timeout(10_000) });
  const html = await page.text();
  ms = performance.now() - t;
  check(page.status === 200 && html.includes('已显示近 30 天') && ms < 1000, `${where}: the console page /admin/stats${query} shows its notice (${page.status}) in ${Math.round(ms)} ms`);
}

async function warm(base) {
  for (let i = 0; i < 5; i++) await (await fetch(`${base}${PAGE}`)).arrayBuffer();
  await (await fetch(`${base}${SLOW_PATH}`)).arrayBuffer();
}

async function single(work) {
  mkdirSync(work, { recursive: true });
  const base = `http://127.0.0.1:${PORT}`;
  const log = path.join(work, 'instance.log');
  const env = { ...process.env, ...HOOK_ENV, NODE_ENV: 'production', SHOP_MODE: 'demo', SITE_URL: base, DATA_DIR: path.join(work, 'data'), DATABASE_URL: '' };
  const start = () => startShop({ port: PORT, env, stdio: ['ignore', openSync(log, 'a'), openSync(log, 'a')] });
  let child = start();
  try {
    say(`one instance on PGlite ready in ${await waitForHealth(base, child)} ms`);
    await warm(base);
    await waiting({ base, logs: [log], where: 'one instance' });
    const first = child;
    await busy({
      base,
      logs: [log],
      where: 'one instance',
      // A new process opens PGlite (its WebAssembly start and the migrations check) before it answers.
      restartMs: 30_000,
      died: async () => {
        const { signal } = await first.exited;
        check(signal === 'SIGKILL', `one instance: ended by SIGKILL (${signal})`);
        return Date.now();
      },
      // This script is the single instance's supervisor.
      cameBack: async () => {
        child = start();
        await waitForHealth(base, child);
        return Date.now();
      },
    });
  } catch (err) {
    const ended = child.exitCode ?? child.signalCode;
    throw ended === null ? err : new Error(`${err.message} (the instance had exited: ${ended})`);
  } finally {
    child.kill('SIGTERM');
    await child.exited;
  }
}

async function cluster(work) {
  const scratch = await createScratchDatabase('shop_guard');
  const front = `http://127.0.0.1:${PORT + 1}`;
  let c = null;
  try {
    c = await startWorkCluster({ work, port: PORT + 1, databaseUrl: scratch.url, siteUrl: front, env: { ...HOOK_ENV }, say, supervise: true });
    const logs = c.ports.map((p) => path.join(work, `instance-${p}.log`));
    await warm(front);
    const token = await operatorToken(front, scratch.url);
    // Each instance renders the console page once first: the first render of a route loads its code (over
    // a second on a busy machine), which is not what the one-second bound below is about.
    for (const p of c.ports) await (await fetch(`http://127.0.0.1:${p}/admin/stats`, { headers: { cookie: `auth-token=${token}` } })).arrayBuffer();
    await statsRange({ base: `http://127.0.0.1:${c.ports[0]}`, token, where: `instance :${c.ports[0]}` });
    await statsRange({ base: front, token, where: 'through the front' });
    await waiting({ base: front, logs, where: 'cluster' });
    const pids = c.children.map((ch) => ch.pid);
    let dead = -1;
    await busy({
      base: front,
      logs,
      where: 'cluster',
      front: true,
      restartMs: 15_000,
      died: async () => {
        const ended = await Promise.race(c.children.map((ch, i) => ch.exited.then(({ signal }) => ({ i, signal }))));
        dead = ended.i;
        check(ended.signal === 'SIGKILL', `cluster: instance :${c.ports[dead]} ended by SIGKILL (${ended.signal})`);
        return Date.now();
      },
      cameBack: async () => {
        const port = c.ports[dead];
        for (const until = Date.now() + 30_000; Date.now() < until; await sleep(100)) {
          if (c.children[dead].pid === pids[dead]) continue;
          const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`, { signal: AbortSignal.timeout(1000) }).then((r) => r.ok, () => false);
          if (ok) return Date.now();
        }
        return Infinity;
      },
    });
  } finally {
    await c?.stop();
    await scratch.drop();
  }
}

const work = mkdtempSync(path.join(os.tmpdir(), 'shop-guard-'));
try {
  await single(path.join(work, 'single'));
  await cluster(path.join(work, 'cluster'));
} catch (err) {
  failures.push(err.message);
  console.error(`[guard] ${err.stack ?? err.message}`);
}
if (failures.length === 0 && !process.env.GUARD_KEEP) rmSync(work, { recursive: true, force: true });
else say(`logs kept in ${work}`);
console.log(failures.length ? `guard test FAILED (${failures.length}): ${failures.join('; ')}` : `guard test passed in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
process.exit(failures.length ? 1 : 0);
