#!/usr/bin/env node
/**
 * Where one instance's CPU goes under the checkout load (docs/decisions/checkout-speed.md): starts
 * server.mjs on PostgreSQL (a scratch database) and Redis with V8's CPU profiler, the demo payment
 * gateway apart (scripts/bench/gateway.mjs, not profiled, on PROFILE_PORT + 1), runs the bench's
 * checkout scenario against it, stops it and prints the CPU per paid order of the shop, the gateway,
 * PostgreSQL and the rest, then the shop's self time folded by where the code lives (the shop's own
 * files, Next, React, pg, drizzle, node's internals …) and the top functions.
 *   node scripts/bench/profile-checkout.mjs            (build in PROFILE_DIST, default .next-prof)
 * PROFILE_DURATION (20 s), PROFILE_SHOPPERS (20), PROFILE_OUT (the .cpuprofile is kept there),
 * BENCH_WARMUP (30 s: checkout.mjs) of the loop before the measured seconds.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../scratch-database.mjs';
import { startShop, waitForHealth } from '../shop-server.mjs';
import { checkout, stepLatencies } from './checkout.mjs';
import { cpuReading, perOrder } from './cpu.mjs';
import { startGateway } from './gateway.mjs';

const PORT = Number(process.env.PROFILE_PORT || 3620);
const GATEWAY_PORT = PORT + 1;
const DURATION = Number(process.env.PROFILE_DURATION || 20);
const SHOPPERS = Number(process.env.PROFILE_SHOPPERS || 20);
const out = process.env.PROFILE_OUT || mkdtempSync(path.join(tmpdir(), 'shop-prof-'));
const base = `http://127.0.0.1:${PORT}`;
const say = (m) => console.log(`[profile] ${m}`);

const scratch = await createScratchDatabase('shop_prof');
// The shop's and the gateway's: the demo keys both sign and verify with.
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-prof-data-'));
const env = {
  ...process.env,
  NODE_ENV: 'production',
  NEXT_DIST_DIR: process.env.PROFILE_DIST || '.next-prof',
  NEXT_TELEMETRY_DISABLED: '1',
  SITE_URL: base,
  SHOP_MODE: 'demo',
  LOG_LEVEL: 'warn',
  DATABASE_URL: scratch.url,
  REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  TRUST_PROXY: '127.0.0.1/32',
  DATA_DIR: dataDir,
  DEMO_GATEWAY_URL: `http://127.0.0.1:${GATEWAY_PORT}`,
  METRICS_TOKEN: `profile-${process.pid}-metrics`,
};
/**
 * The statements the shop has sent to PostgreSQL so far (its /metrics): per paid order, the one figure of
 * the checkout that does not move with the machine's speed.
 */
async function statementsSent() {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${env.METRICS_TOKEN}` } })).text();
  let n = 0;
  for (const m of text.matchAll(/^shop_db_query_duration_seconds_count\{[^}]*\} (\d+)/gm)) n += Number(m[1]);
  return n;
}
const server = startShop({ port: PORT, env, stdio: ['ignore', 'ignore', 'inherit'], nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${out}`] });
let gateway = null;
let result;
let cpu;
let statements = 0;
const window = { from: 0, to: Infinity };
try {
  [, gateway] = await Promise.all([waitForHealth(base, server), startGateway({ port: GATEWAY_PORT, env, dataDir, database: 'postgres' })]);
  let reading;
  // The measured seconds on the monotonic clock the profile's timestamps use too (CLOCK_MONOTONIC, µs):
  // the start, the log-ins and the warm-up stay out of the figures below.
  let sentBefore = Promise.resolve(0);
  const onStart = () => {
    reading = cpuReading([server.pid], gateway);
    window.from = Number(process.hrtime.bigint() / 1000n);
    sentBefore = statementsSent();
  };
  result = await checkout(base, { shoppers: SHOPPERS, connections: SHOPPERS, duration: DURATION, block: 9, say, onStart });
  window.to = Number(process.hrtime.bigint() / 1000n);
  cpu = reading?.stop();
  statements = (await statementsSent()) - (await sentBefore);
} finally {
  server.kill('SIGTERM');
  await Promise.all([server.exited, gateway?.stop()]);
  await scratch.drop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
say(
  `${result.paid} paid orders in ${result.seconds.toFixed(1)} s (${result.rate.toFixed(1)}/s, p99 ${result.p99} ms, ` +
    `${result.failed} failed steps, ${result.errors} transport errors)`,
);
say(`each step's p50 / p99 ms: ${stepLatencies(result.steps)}`);
if (cpu && result.paid) {
  say(`CPU ms per paid order: ${perOrder(cpu, result.paid, 'load client, Redis')}`);
  say(`statements sent to PostgreSQL per paid order: ${(statements / result.paid).toFixed(1)}`);
}

// The shop's profile of this run: V8 names it CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile, thread 0
// being the main thread (the watchdog's worker writes one of its own); the newest one in the dir if none
// names the pid (PROFILE_OUT may hold earlier runs).
const profiles = readdirSync(out)
  .filter((f) => f.endsWith('.cpuprofile'))
  .map((f) => path.join(out, f))
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
const file = profiles.find((f) => { const [, , , pid, thread] = path.basename(f).split('.'); return pid === String(server.pid) && thread === '0'; }) ?? profiles[0];
if (!file) throw new Error(`no profile in ${out}`);
say(`profile: ${file}`);
const profile = JSON.parse(readFileSync(file, 'utf8'));

// Self time of each node: the samples that landed in it during the measured seconds, times the interval.
const dt = new Map();
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i] ?? 0;
  if (at < window.from || at > window.to) continue;
  dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
}
const total = [...dt.values()].reduce((a, b) => a + b, 0);

/** Where a frame's code lives, folded to something a reader can act on. */
function place(url, name) {
  if (!url) return name === '(garbage collector)' ? 'GC' : name === '(idle)' || name === '(program)' ? name : `native: ${name}`;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/').slice(0, 2).join('/')}`;
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    const pkg = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    if (pkg === 'next') return `next/${rest.slice(1, 5).join('/').replace(/\.js$/, '')}`.split('/').slice(0, 4).join('/');
    return pkg;
  }
  if (url.includes('/.next')) return 'the shop (built chunks)';
  return `the shop: ${url.replace(/^file:\/\/\/work\/[^/]+\//, '')}`;
}

const byPlace = new Map();
const byFn = new Map();
for (const node of profile.nodes) {
  const ms = dt.get(node.id);
  if (!ms) continue;
  const { url, functionName, lineNumber } = node.callFrame;
  const p = place(url, functionName);
  byPlace.set(p, (byPlace.get(p) ?? 0) + ms);
  const fn = `${functionName || '(anonymous)'} ${url ? `${url.split('/').slice(-2).join('/')}:${lineNumber + 1}` : ''}`;
  byFn.set(fn, (byFn.get(fn) ?? 0) + ms);
}
const busy = total - (byPlace.get('(idle)') ?? 0);
const show = (map, n) =>
  [...map]
    .filter(([k]) => k !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .forEach(([k, ms]) => console.log(`  ${((ms / busy) * 100).toFixed(1).padStart(5)} %  ${(ms / result.paid).toFixed(2).padStart(6)} ms/order  ${k}`));
console.log(`\nbusy ${(busy / 1000).toFixed(1)} s of ${(total / 1000).toFixed(1)} s profiled; self time by place:`);
show(byPlace, 30);
console.log('\ntop functions by self time:');
show(byFn, 40);
