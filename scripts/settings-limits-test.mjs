#!/usr/bin/env node
/**
 * The settings and per-address limits stage of `npm test`, on the production build (docs/rules.md#environment,
 * docs/rules.md#address-limits):
 *   1. Live mode without its settings: the server exits non-zero at start, naming each missing one;
 *      provider settings without SHOP_MODE: it refuses too. With every live setting (made-up values): it
 *      starts, /api/v1/health is green and says `live`, and every /sandbox path is a 404.
 *   2. One instance (PGlite): 200 wrong-password logins from one address over 50 phones, spread over
 *      20 s: after the limit every answer is a fast 429 with Retry-After, the instance's CPU (from
 *      /proc/<pid>/stat) stays under half a core, and a shopper from another address logs in at once.
 *   3. The same through nginx on a cluster of two (Redis, a scratch PostgreSQL database): the limit is
 *      counted once across both instances.
 * SETTINGS_TEST_ONLY=live|one|cluster runs one part. The 429s' median is the gate, their p99 is printed:
 * on a busy shared machine the requests that arrive while the checked tries hold the CPU wait with them.
 * Ports: SETTINGS_TEST_PORT (3350) and the next four. Each client address is a loopback address of its
 * own (scripts/from-address.mjs). The exit status is 1 when a check fails.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startWorkCluster } from './cluster/start.mjs';
import { fetchFrom, loopbackFor } from './from-address.mjs';
import { createScratchDatabase } from './scratch-database.mjs';
import { ROOT, startShop, waitForHealth } from './shop-server.mjs';
import { LIVE_SETTINGS } from '../tests/support/live-settings.mjs';

process.chdir(ROOT);
const PORT = Number(process.env.SETTINGS_TEST_PORT || 3350);
const LOGINS = 200;
const PHONES = 50;
const SPREAD_MS = 20_000;
/** ADDRESS_LIMITS.login.points (lib/server/limits.ts). */
const LOGIN_LIMIT = 20;
const t0 = Date.now();
const say = (msg) => console.log(`[settings-limits ${((Date.now() - t0) / 1000).toFixed(1).padStart(5)}s] ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const results = [];
const check = (name, ok, detail) => results.push({ name, ok, detail });

const LIVE = LIVE_SETTINGS;
const PROVIDER_KEYS = Object.keys(LIVE).filter((k) => /^(SMS_WEBHOOK|WECHATPAY|ALIPAY|KUAIDI100)_/.test(k));

/** The environment of a server of this script: none of the caller's shop settings leak in. */
function baseEnv(extra) {
  const env = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', TRUST_PROXY: '', SHOP_MODE: '' };
  for (const k of PROVIDER_KEYS) delete env[k];
  return { ...env, ...extra };
}

/** Starts a server that should refuse to start: its exit code and what it wrote to stderr. */
async function refusedStart(port, env) {
  const child = startShop({ port, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (c) => (err += c));
  child.stdout.resume();
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const { code, signal } = await child.exited;
  clearTimeout(timer);
  return { code, signal, err };
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 a second on Linux)
}

async function api(base, ip, method, p, body) {
  const res = await fetchFrom(loopbackFor(ip), `${base}/api/v1${p}`, {
    method,
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), json: await res.json().catch(() => null) };
}

async function startsLiveAndRefuses() {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-settings-'));
  try {
    const missing = await refusedStart(PORT + 1, baseEnv({ DATA_DIR: dir, SHOP_MODE: 'live' }));
    const named = Object.keys(LIVE).filter((k) => k !== 'SHOP_MODE' && k !== 'SITE_URL').filter((k) => missing.err.includes(`- ${k}: `));
    check('SHOP_MODE=live without its settings exits non-zero at start', missing.code !== null && missing.code !== 0, `exit ${missing.code ?? missing.signal}`);
    check('… naming each missing setting', named.length === Object.keys(LIVE).length - 2 && missing.err.includes('- SITE_URL: '), `${named.length + (missing.err.includes('- SITE_URL: ') ? 1 : 0)} of ${Object.keys(LIVE).length - 1} named`);

    const { SHOP_MODE: _mode, ...keys } = LIVE;
    const unsaid = await refusedStart(PORT + 1, baseEnv({ DATA_DIR: dir, ...keys }));
    check('provider settings without SHOP_MODE: refuses to start, asking for SHOP_MODE', unsaid.code !== null && unsaid.code !== 0 && /- SHOP_MODE: /.test(unsaid.err), `exit ${unsaid.code ?? unsaid.signal}`);

    const live = startShop({ port: PORT + 1, env: baseEnv({ DATA_DIR: dir, ...LIVE }), stdio: 'ignore' });
    try {
      const base = `http://127.0.0.1:${PORT + 1}`;
      await waitForHealth(base, live);
      const health = await (await fetch(`${base}/api/v1/health`)).json();
      check('with every live setting: health is green and says live', health.resultCode === 200 && health.data?.mode === 'live', JSON.stringify(health.data));
      const paths = [
        ['GET', '/sandbox/wechat/pay/T0123456789'],
        ['POST', '/sandbox/wechat/pay/T0123456789/confirm'],
        ['POST', '/sandbox/wechat/v3/pay/transactions/native'],
        ['GET', '/sandbox/alipay/cashier/T0123456789'],
        ['POST', '/sandbox/alipay/cashier/T0123456789/pay'],
        ['POST', '/sandbox/alipay/gateway.do'],
        ['POST', '/sandbox/carrier/poll'],
        ['POST', '/sandbox/carrier/poll/query.do'],
        ['POST', '/sandbox/carrier/advance'],
        ['GET', '/sandbox'],
      ];
      const statuses = [];
      for (const [method, p] of paths) {
        const res = await fetch(`${base}${p}`, { method, body: method === 'POST' ? 'a=1' : undefined, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
        statuses.push(`${method} ${p} ${res.status}`);
      }
      check('in live mode every /sandbox path is a 404', statuses.every((s) => s.endsWith(' 404')), statuses.filter((s) => !s.endsWith(' 404')).join(', ') || `${statuses.length} paths`);
    } finally {
      live.kill('SIGTERM');
      await live.exited;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * 200 wrong-password logins from one address over 50 phones, spread over SPREAD_MS, through `base`;
 * `pids` are the processes whose CPU is counted. Then a shopper from another address logs in.
 */
async function spray(label, base, pids) {
  const ip = `10.${60 + Math.floor(Math.random() * 100)}.7.7`;
  // One try from an address of its own first: the route's first request loads its code, which is not
  // what is measured here.
  await api(base, `10.${60 + Math.floor(Math.random() * 100)}.6.6`, 'POST', '/auth/login', { phone: '13709090999', password: 'wrong-pass-1', agree: true });
  const phones = Array.from({ length: PHONES }, (_, i) => `1370909${String(1000 + i).padStart(4, '0')}`);
  const cpuBefore = pids.map(cpuSeconds);
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: LOGINS }, async (_, i) => {
      await sleep((i * SPREAD_MS) / LOGINS);
      const sent = performance.now();
      const a = await api(base, ip, 'POST', '/auth/login', { phone: phones[i % PHONES], password: 'wrong-pass-1', agree: true });
      return { ...a, ms: performance.now() - sent, i };
    }),
  );
  const wallS = (Date.now() - started) / 1000;
  const cpuS = pids.map(cpuSeconds).reduce((sum, after, k) => sum + after - cpuBefore[k], 0);
  const passed = answers.filter((a) => a.status !== 429);
  const lastPassed = Math.max(...passed.map((a) => a.i));
  const after = answers.filter((a) => a.i > lastPassed);
  const pct = (ms, q) => ms[Math.min(ms.length - 1, Math.floor(ms.length * q))] ?? NaN;
  const refusedMs = answers.filter((a) => a.status === 429).map((a) => a.ms).sort((a, b) => a - b);
  const checkedMs = passed.map((a) => a.ms).sort((a, b) => a - b);
  check(`${label}: at most ${LOGIN_LIMIT} of ${LOGINS} tries checked (the rest 429)`, passed.length <= LOGIN_LIMIT && passed.every((a) => a.status === 400), `${passed.length} checked (${[...new Set(passed.map((a) => a.status))].join('/')}), ${refusedMs.length} refused`);
  // Through the cluster's front, nginx's own limit_req may answer first (its 429 says 请求过于频繁).
  check(`${label}: after the limit every answer is a 429 with Retry-After, in Chinese`, after.length > 0 && after.every((a) => a.status === 429 && Number(a.retryAfter) >= 1 && /^(当前网络操作太频繁|请求过于频繁)/.test(a.json?.message ?? '')), [...new Set(after.map((a) => a.json?.message))].join(' / '));
  // The machine running the suite is shared and busy: the gate is the median, the tail is reported.
  check(
    `${label}: the 429s are fast (median under 100 ms)`,
    pct(refusedMs, 0.5) < 100,
    `429: median ${pct(refusedMs, 0.5).toFixed(0)} ms, p99 ${pct(refusedMs, 0.99).toFixed(0)} ms; tries checked: median ${pct(checkedMs, 0.5).toFixed(0)} ms`,
  );
  const cores = cpuS / wallS;
  check(`${label}: the instances' CPU stays under half a core`, cores < 0.5, `${cpuS.toFixed(2)} CPU s over ${wallS.toFixed(1)} s = ${cores.toFixed(2)} cores`);

  const other = `10.${160 + Math.floor(Math.random() * 60)}.8.8`;
  const phone = `1370808${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  const since = performance.now();
  const code = await api(base, other, 'POST', '/auth/sms-code', { phone });
  const login = await api(base, other, 'POST', '/auth/login', { phone, code: code.json?.data?.devCode, agree: true });
  const ms = performance.now() - since;
  check(`${label}: a shopper from another address logs in at once`, login.status === 200 && ms < 2_000, `${login.status} in ${ms.toFixed(0)} ms`);
}

async function oneInstance() {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-limits-'));
  const child = startShop({ port: PORT, env: baseEnv({ DATA_DIR: dir, SHOP_MODE: 'demo' }), stdio: 'ignore' });
  try {
    await waitForHealth(`http://127.0.0.1:${PORT}`, child);
    say(`one instance (PGlite) on :${PORT}`);
    await spray('one instance', `http://127.0.0.1:${PORT}`, [child.pid]);
  } finally {
    child.kill('SIGTERM');
    await child.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onCluster() {
  const work = mkdtempSync(path.join(tmpdir(), 'shop-limits-cluster-'));
  const scratch = await createScratchDatabase('shop_limits');
  let cluster = null;
  try {
    const env = baseEnv({ DATABASE_URL: scratch.url, DATA_DIR: path.join(work, 'data'), SHOP_MODE: 'demo' });
    delete env.TRUST_PROXY; // the cluster trusts its nginx (scripts/cluster/start.mjs)
    delete env.REDIS_URL;
    const front = PORT + 2;
    cluster = await startWorkCluster({ work, port: front, databaseUrl: scratch.url, siteUrl: `http://127.0.0.1:${front}`, env, say });
    await spray('cluster, through nginx', `http://127.0.0.1:${front}`, cluster.children.map((c) => c.pid));
  } finally {
    await cluster?.stop();
    await scratch.drop().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  }
}

let failed = false;
try {
  if (!process.env.SETTINGS_TEST_ONLY || process.env.SETTINGS_TEST_ONLY === 'live') await startsLiveAndRefuses();
  if (!process.env.SETTINGS_TEST_ONLY || process.env.SETTINGS_TEST_ONLY === 'one') await oneInstance();
  if (!process.env.SETTINGS_TEST_ONLY || process.env.SETTINGS_TEST_ONLY === 'cluster') await onCluster();
} catch (err) {
  console.error(`[settings-limits] ${err.stack ?? err.message}`);
  failed = true;
}
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name}${r.detail ? `  (${r.detail})` : ''}`);
failed ||= results.some((r) => !r.ok) || results.length === 0;
console.log(failed ? 'settings and limits test FAILED' : `settings and limits test passed in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
process.exit(failed ? 1 : 0);
