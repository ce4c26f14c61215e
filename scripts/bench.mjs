#!/usr/bin/env node
/**
 * `npm run bench` (docs/bench.md): the shop's throughput against a bare Next app, on one instance and on
 * the cluster, printed as one table with the targets. A measurement, not a test: a missed target is
 * printed as MISSED; the exit status is 1 only when a request failed (or BENCH_STRICT=1 and a target
 * was missed).
 *   1. the shop's production build into .next-bench (BENCH_DIST moves it; --no-build reuses it)
 *   2. baseline: the bare app (scripts/bench/bare-app) built in a temporary copy, `next start` on :3409
 *   3. one instance on PGlite (server.mjs on :3400): the catalog pages, then the checkout scenario with
 *      the demo payment gateway in a process of its own (:3401, PGlite of its own)
 *   4. the cluster on PostgreSQL (scratch database, Redis, 2 instances on :3481–3482, nginx on :3480,
 *      the gateway on :3483 with a scratch database of its own): the public pages through the front,
 *      the checkout through the front, the checkout on :3481 alone
 * Each checkout's CPU per paid order is split between the shop, the gateway, PostgreSQL and the rest.
 * With `lighthouse`: Lighthouse (mobile, median of three runs) on the bare app and on the shop's landing
 * pages on the one instance, printed as a second table against the bare app (scripts/bench/lighthouse.mjs).
 * BENCH_ONLY picks scenarios (catalog, checkout, cluster, lighthouse; comma-separated; default all); BENCH_DURATION
 * (10 s) per measurement, BENCH_CONNECTIONS (50) per page measurement, BENCH_SHOPPERS (50) per checkout,
 * BENCH_WARMUP (30 s: scripts/bench/checkout.mjs) of the checkout loop before its measured seconds.
 * BENCH_OUT=<file> also writes the table as markdown. BENCH_PORT_BASE (3400) moves every port: the one
 * instance on base, its gateway base+1, the bare app base+9, nginx base+80, the cluster's instances
 * base+81–82, its gateway base+83. Page rates are measured with wrk when installed (scripts/bench/load.mjs).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBareApp } from './bench/bare.mjs';
import { checkout, stepLatencies } from './bench/checkout.mjs';
import { cpuReading, perOrder } from './bench/cpu.mjs';
import { startGateway } from './bench/gateway.mjs';
import { lighthouse } from './bench/lighthouse.mjs';
import { CHROME_ENCODING, loadClient, measurePage, MOBILE_UA, warm } from './bench/load.mjs';
import { startWorkCluster } from './cluster/start.mjs';
import { createScratchDatabase } from './scratch-database.mjs';
import { ROOT, startShop, waitForHealth } from './shop-server.mjs';

/** A category of the seeded catalog (lib/server/db/seed-catalog.ts). */
const CATEGORY = 'earphones';

/**
 * The targets, by scenario and row. bare: at least this share of the bare app's req/s; rate: at least
 * this many req/s (pages) or paid orders/s (checkout); p99: below this many ms. Rows not listed here
 * (the bare app, the search, the checkout on one cluster instance) are measured without a target.
 */
const TARGETS = {
  // A cached page on one instance comes from server.mjs's page cache: at least 4× the bare app.
  pglite: {
    '/': { bare: 4 },
    '/proc/10909': { bare: 4 },
    '/ProductList': { bare: 4, p99: 300 },
    [`/ProductList?category=${CATEGORY}`]: { bare: 4, p99: 300 },
    '/ProductList?page=2': { bare: 4, p99: 300 },
    // A search cut into words (量子加密 + 移动硬盘) and the box's suggestions: both answered from the cache.
    '/ProductList?q=量子加密移动硬盘': { bare: 2, p99: 100 },
    '/api/v1/search/suggest?q=量子': { bare: 2, p99: 100 },
    checkout: { rate: 15, p99: 1000 },
  },
  cluster: {
    '/': { bare: 8 },
    '/proc/10909': { bare: 8 },
    '/ProductList': { bare: 8 },
    checkout: { rate: 40, p99: 500 },
  },
};

/**
 * Lighthouse's pages, and what each must show against the bare app measured in the same sitting
 * (median of LIGHTHOUSE_RUNS runs): LCP at most `lcp`× the bare app's, a performance score at most
 * `score` points below it, and no layout shift at all (the largest CLS of the runs).
 */
const LIGHTHOUSE_PAGES = ['/', '/proc/10909', '/ProductList', '/Cart', '/helpCenter', '/quantumMail'];
const LIGHTHOUSE_TARGET = { lcp: 1.5, score: 5, cls: 0 };
const LIGHTHOUSE_RUNS = 3;

const SCENARIOS = {
  bare: 'bare Next app',
  pglite: 'PGlite, 1 instance',
  cluster: 'cluster front',
  instance: 'cluster, 1 instance',
};
const PGLITE_PAGES = [...Object.keys(TARGETS.pglite).filter((k) => k !== 'checkout'), '/ProductList?q=耳机'];
const CLUSTER_PAGES = Object.keys(TARGETS.cluster).filter((k) => k !== 'checkout');

const HOST = '127.0.0.1';
const PORT_BASE = Number(process.env.BENCH_PORT_BASE || 3400);
const BARE_PORT = PORT_BASE + 9;
const PGLITE_PORT = PORT_BASE;
const PGLITE_GATEWAY_PORT = PORT_BASE + 1;
const FRONT_PORT = PORT_BASE + 80;
const CLUSTER_GATEWAY_PORT = PORT_BASE + 83;
const DIST = process.env.BENCH_DIST || '.next-bench';
const DURATION = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const SHOPPERS = Number(process.env.BENCH_SHOPPERS || 50);
const ONLY = new Set((process.env.BENCH_ONLY || 'catalog,checkout,cluster,lighthouse').split(',').map((s) => s.trim()).filter(Boolean));
for (const name of ONLY) {
  if (!['catalog', 'checkout', 'cluster', 'lighthouse'].includes(name)) {
    console.error(`BENCH_ONLY: unknown scenario "${name}" (catalog, checkout, cluster, lighthouse)`);
    process.exit(2);
  }
}

process.chdir(ROOT);
const t0 = Date.now();
const say = (msg) => console.log(`[bench ${((Date.now() - t0) / 1000).toFixed(0).padStart(4)}s] ${msg}`);
const load = { connections: CONNECTIONS, duration: DURATION };

/** What the servers of the shop run with; PGlite unless a scenario names a database. */
const shopEnv = {
  ...process.env,
  NODE_ENV: 'production',
  NEXT_DIST_DIR: DIST,
  NEXT_TELEMETRY_DISABLED: '1',
  SITE_URL: `http://${HOST}:${PGLITE_PORT}`,
  SHOP_MODE: 'demo', // the checkout pays on the demo gateway
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
};
delete shopEnv.DATABASE_URL;
delete shopEnv.REDIS_URL;

// ------------------------------------------------------------------ the measurements

/** One line of the table: { scenario, what, key (in TARGETS), rate, unit, p99, errors, bad }. */
const rows = [];
/** The bare app's req/s, once measured. */
let bareRate = null;
/** Lighthouse's rows (scripts/bench/lighthouse.mjs's figures); the first is the bare app's. */
const lhRows = [];
/** The load client of the page rows, once a page was measured. */
let client = null;

async function measurePages(scenario, base, urls) {
  say(`warming ${urls.length} URL(s) on ${base}`);
  for (const url of urls) await warm(base, url);
  client = loadClient();
  for (const url of urls) {
    const r = await measurePage(base, url, load);
    rows.push({ scenario, what: url, key: url, unit: 'req/s', rate: r.rate, p99: r.p99, errors: r.errors, bad: r.non2xx });
    say(`${SCENARIOS[scenario]} ${url}: ${r.rate.toFixed(0)} req/s, p99 ${r.p99} ms`);
  }
}

/** Where the CPU of each checkout went (ms per paid order): what bounds it on this machine. */
const cpuNotes = [];

/** The checkout on `base`, paying on `gateway` (startGateway), whose process and database are counted apart. */
async function measureCheckout(scenario, base, block, shopPids, gateway) {
  const shoppers = Math.min(SHOPPERS, CONNECTIONS);
  say(`${SCENARIOS[scenario]} checkout: logging in ${SHOPPERS} shoppers on ${base}, paying on ${gateway.origin}`);
  let cpu = null;
  const r = await checkout(base, {
    shoppers: SHOPPERS,
    connections: CONNECTIONS,
    duration: DURATION,
    block,
    say,
    onStart: () => (cpu = cpuReading(shopPids, gateway)),
  });
  const split = cpu?.stop();
  if (split && r.paid) {
    const busy = (split.shop + split.gateway + split.postgres + split.other) / 1000 / r.seconds;
    cpuNotes.push(`${SCENARIOS[scenario]} checkout, CPU ms per paid order: ${perOrder(split, r.paid, 'load client, nginx, Redis')}; ${busy.toFixed(2)} of 2 cores busy`);
  }
  rows.push({ scenario, what: `checkout, ${shoppers} shoppers`, key: 'checkout', unit: 'orders/s', rate: r.rate, p99: r.p99, errors: r.errors, bad: r.failed + (r.paid ? 0 : 1), busy: r.busy });
  say(`${SCENARIOS[scenario]} checkout: ${r.paid} paid (${r.rate.toFixed(1)}/s), ${r.requests} requests, p99 ${r.p99} ms, failed steps ${r.failed}, transport errors ${r.errors}, busy (503, sent again) ${r.busy}`);
  say(`${SCENARIOS[scenario]} checkout, each step's p50 / p99 ms: ${stepLatencies(r.steps)}`);
}

// ------------------------------------------------------------------ the servers

const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');

async function buildShop() {
  say(`next build → ${DIST}`);
  // next build writes "<distDir>/types/**/*.ts" into tsconfig.json and next-env.d.ts for a custom
  // distDir; both go back as they were, so the checkout's type check does not start reading .next-bench.
  const kept = ['tsconfig.json', 'next-env.d.ts'].filter((f) => existsSync(f)).map((f) => [f, readFileSync(f, 'utf8')]);
  const started = Date.now();
  try {
    await new Promise((resolve, reject) => {
      const p = spawn(process.execPath, [nextBin, 'build'], { env: shopEnv, stdio: 'inherit' });
      p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`next build exited with ${code}`))));
    });
  } finally {
    for (const [f, text] of kept) if (readFileSync(f, 'utf8') !== text) writeFileSync(f, text);
  }
  say(`built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  // The JavaScript budgets, as `npm run build` checks them: an over-budget build is still measured.
  const budget = spawnSync(process.execPath, ['scripts/js-budget.mjs'], { env: shopEnv, stdio: 'inherit' });
  if (budget.status !== 0) say('the build is over a JavaScript budget (above): measured all the same');
}

/** Lighthouse on `base` for each of `urls`, warmed first; the rows go to lhRows. */
async function measureLighthouse(who, base, urls) {
  // As a phone, too: Lighthouse's runs are a phone's, and the first would otherwise pay for that page's first
  // render; and with Chrome's Accept-Encoding, so the page cache holds the brotli copy its runs are sent.
  for (const url of urls) {
    await warm(base, url);
    await warm(base, url, 5, MOBILE_UA, CHROME_ENCODING);
  }
  for (const url of urls) {
    const r = await lighthouse(base, url, { runs: LIGHTHOUSE_RUNS, say });
    lhRows.push({ who, ...r });
    say(`lighthouse ${who} ${url}: score ${r.score}, LCP ${r.lcp.toFixed(0)} ms, TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, script ${(r.scriptBytes / 1000).toFixed(0)} KB (median of ${r.runs}; largest element ${r.lcpElement ?? '?'})`);
  }
}

async function baseline() {
  const bare = await startBareApp({ port: BARE_PORT, say });
  try {
    if (ONLY.has('catalog') || ONLY.has('cluster')) {
      await measurePages('bare', bare.base, ['/']);
      bareRate = rows.at(-1).rate;
    }
    if (ONLY.has('lighthouse')) await measureLighthouse('bare', bare.base, ['/']);
  } finally {
    await bare.stop();
  }
}

async function onePglite() {
  const base = `http://${HOST}:${PGLITE_PORT}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  // The checkout pays on the demo gateway in a process of its own (scripts/bench/gateway.mjs).
  const gatewayOrigin = ONLY.has('checkout') ? `http://${HOST}:${PGLITE_GATEWAY_PORT}` : null;
  say(`server.mjs on ${base} (PGlite in ${dataDir})${gatewayOrigin ? `, the demo gateway on ${gatewayOrigin}` : ''}`);
  // The shoppers come from many networks: X-Forwarded-For from this host is believed, as from a proxy.
  const env = { ...shopEnv, DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1/32', ...(gatewayOrigin ? { DEMO_GATEWAY_URL: gatewayOrigin } : {}) };
  const server = startShop({ port: PGLITE_PORT, host: HOST, env, stdio: ['ignore', 'ignore', 'inherit'] });
  let gateway = null;
  try {
    const [, started] = await Promise.all([
      waitForHealth(base, server, 180_000),
      gatewayOrigin && startGateway({ port: PGLITE_GATEWAY_PORT, host: HOST, env: shopEnv, dataDir, database: 'pglite' }),
    ]);
    gateway = started || null;
    // Lighthouse first, on a quiet server: the load below would leave it busy collecting garbage.
    if (ONLY.has('lighthouse')) await measureLighthouse('shop', base, LIGHTHOUSE_PAGES);
    if (ONLY.has('catalog')) await measurePages('pglite', base, PGLITE_PAGES);
    if (gateway) await measureCheckout('pglite', base, 6, [server.pid], gateway);
  } finally {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await Promise.all([server.exited, gateway?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onCluster() {
  const front = `http://${HOST}:${FRONT_PORT}`;
  const work = mkdtempSync(path.join(tmpdir(), 'shop-bench-cluster-'));
  const failuresBefore = failures();
  let scratch = null;
  let cluster = null;
  let gateway = null;
  let completed = false;
  try {
    scratch = await createScratchDatabase('shop_bench');
    // The demo gateway first: the instances are told where it is (DEMO_GATEWAY_URL). It shares their
    // DATA_DIR (the demo keys), has a scratch database of its own and logs into `work` too.
    const dataDir = path.join(work, 'data');
    mkdirSync(dataDir, { recursive: true });
    const gatewayLog = openSync(path.join(work, `gateway-${CLUSTER_GATEWAY_PORT}.log`), 'a');
    gateway = await startGateway({ port: CLUSTER_GATEWAY_PORT, host: HOST, env: shopEnv, dataDir, database: 'postgres', stdio: ['ignore', gatewayLog, gatewayLog] });
    say(`cluster: 2 instances on :${FRONT_PORT + 1}–${FRONT_PORT + 2}, nginx on :${FRONT_PORT} (${scratch.url.replace(/\/\/[^@]*@/, '//')}), the demo gateway on ${gateway.origin}`);
    // The instances' logs (warnings and errors: a failed request's cause) stay in `work`, kept when something failed.
    cluster = await startWorkCluster({
      work,
      port: FRONT_PORT,
      databaseUrl: scratch.url,
      siteUrl: front,
      env: { ...shopEnv, DEMO_GATEWAY_URL: gateway.origin },
      say,
      onUnexpectedExit: (what) => console.error(`[bench] ${what}`),
    });
    await measurePages('cluster', front, CLUSTER_PAGES);
    const instances = cluster.children.map((c) => c.pid);
    await measureCheckout('cluster', front, 7, instances, gateway);
    await measureCheckout('instance', `http://${HOST}:${cluster.ports[0]}`, 8, instances, gateway);
    completed = true;
  } finally {
    await cluster?.stop();
    await gateway?.stop();
    await scratch?.drop().catch((err) => console.error(`[bench] could not drop the scratch database: ${err.message}`));
    if (failures() > failuresBefore || !completed) console.log(`kept ${work} (nginx.log, the instances' and the gateway's logs)`);
    else rmSync(work, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ the table

const failures = () => rows.reduce((n, r) => n + r.errors + r.bad, 0);

/** The target's wording and whether the row meets it; null when the row has none. */
function judge(row) {
  const t = TARGETS[row.scenario]?.[row.key];
  if (!t) return null;
  const parts = [];
  let ok = true;
  if (t.bare !== undefined) {
    parts.push(`≥ ${t.bare}× bare`);
    ok &&= bareRate !== null && row.rate / bareRate >= t.bare;
  }
  if (t.rate !== undefined) {
    parts.push(`≥ ${t.rate} ${row.unit}`);
    ok &&= row.rate >= t.rate;
  }
  if (t.p99 !== undefined) {
    parts.push(`p99 < ${t.p99} ms`);
    ok &&= row.p99 < t.p99;
  }
  const verdict = t.bare !== undefined && bareRate === null ? 'no bare' : ok ? 'ok' : 'MISSED';
  return { text: parts.join(', '), verdict };
}

function tableCells() {
  const head = ['scenario', 'what', 'rate', 'p99 ms', 'err/bad', '× bare', 'target', ''];
  const body = rows.map((r) => {
    const j = judge(r);
    const ratio = r.unit === 'req/s' && bareRate !== null ? (r.rate / bareRate).toFixed(2) : '';
    const rate = `${r.rate.toFixed(r.unit === 'req/s' ? 0 : 1)} ${r.unit}`;
    return [SCENARIOS[r.scenario], r.what, rate, String(r.p99), `${r.errors}/${r.bad}${r.busy ? ` (${r.busy} busy)` : ''}`, ratio, j?.text ?? '', j?.verdict ?? ''];
  });
  return { head, body };
}

/** Terminal columns: CJK characters take two. */
const width = (s) => [...s].reduce((n, c) => n + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/.test(c) ? 2 : 1), 0);
const pad = (s, n, right) => (right ? ' '.repeat(n - width(s)) + s : s + ' '.repeat(n - width(s)));
const RIGHT = new Set([2, 3, 4, 5]);

/** Lighthouse's verdict on a shop row against the bare app's (lhRows[0]); null for the bare app's own row. */
function judgeLighthouse(row, bare) {
  if (row.who === 'bare' || !bare) return null;
  const ok = row.lcp <= bare.lcp * LIGHTHOUSE_TARGET.lcp && row.score >= bare.score - LIGHTHOUSE_TARGET.score && row.cls <= LIGHTHOUSE_TARGET.cls;
  return ok ? 'ok' : 'MISSED';
}

function lighthouseCells() {
  const bare = lhRows.find((r) => r.who === 'bare') ?? null;
  const head = ['page', 'score', 'runs', 'FCP ms', 'LCP ms', '× bare', 'TBT ms', 'CLS', 'script KB', ''];
  const body = lhRows.map((r) => [
    r.who === 'bare' ? `bare Next app ${r.url}` : r.url,
    String(r.score),
    r.scores.join('/'),
    r.fcp.toFixed(0),
    r.lcp.toFixed(0),
    bare && r.who !== 'bare' ? (r.lcp / bare.lcp).toFixed(2) : '',
    r.tbt.toFixed(0),
    r.cls.toFixed(3),
    (r.scriptBytes / 1000).toFixed(0),
    judgeLighthouse(r, bare) ?? '',
  ]);
  return { head, body };
}

const LIGHTHOUSE_NOTE = `Lighthouse mobile (simulated throttling), median of ${LIGHTHOUSE_RUNS} runs; target: LCP ≤ ${LIGHTHOUSE_TARGET.lcp}× the bare app's, score ≥ the bare app's − ${LIGHTHOUSE_TARGET.score}, CLS ${LIGHTHOUSE_TARGET.cls} (the largest of the runs). script KB: the scripts transferred.`;

function printCells({ head, body }, right) {
  const widths = head.map((_, i) => Math.max(...[head, ...body].map((r) => width(r[i]))));
  const line = (cells) => cells.map((c, i) => pad(c, widths[i], right.has(i))).join('  ').trimEnd();
  console.log(`\n${line(head)}`);
  for (const r of body) console.log(line(r));
}

function printTable() {
  if (rows.length) printCells(tableCells(), RIGHT);
  if (client && rows.length) console.log(`(page rates measured with ${client})`);
  if (lhRows.length) {
    printCells(lighthouseCells(), new Set([1, 3, 4, 5, 6, 7, 8]));
    console.log(LIGHTHOUSE_NOTE);
  }
}

function markdown() {
  const { head, body } = tableCells();
  const row = (cells) => `| ${cells.join(' | ')} |`;
  const lh = lighthouseCells();
  return [
    `\`npm run bench\`, ${new Date().toISOString()}: ${DURATION} s a measurement, ${CONNECTIONS} connections, ${SHOPPERS} shoppers${client ? `, page rates with ${client}` : ''}.`,
    "err/bad: transport errors / non-2xx answers (pages) or failed checkout steps; busy: the checkout's 503s, each sent again after its Retry-After as the shop's client does.",
    '',
    ...(rows.length ? [row(head), row(head.map((_, i) => (RIGHT.has(i) ? '---:' : '---'))), ...body.map(row), ''] : []),
    ...cpuNotes.map((n) => `- ${n}`),
    '',
    ...(lhRows.length ? [LIGHTHOUSE_NOTE, '', row(lh.head), row(lh.head.map((_, i) => (i > 0 && i < 9 ? '---:' : '---'))), ...lh.body.map(row), ''] : []),
  ].join('\n');
}

// ------------------------------------------------------------------ run

/** The phases that could not run to their end (a server that did not start, a step that threw). */
const broken = [];
const phase = async (name, fn) => {
  try {
    await fn();
  } catch (err) {
    console.error(`[bench] ${name} failed: ${err.stack ?? err.message}`);
    broken.push(name);
  }
};

if (process.argv.includes('--no-build')) {
  if (!existsSync(path.join(DIST, 'BUILD_ID'))) {
    console.error(`[bench] --no-build, but ${DIST} holds no build: run once without it`);
    process.exit(1);
  }
} else {
  await phase('the build', buildShop);
}
if (!broken.length) {
  if (ONLY.has('catalog') || ONLY.has('cluster') || ONLY.has('lighthouse')) await phase('the bare app', baseline);
  if (ONLY.has('catalog') || ONLY.has('checkout') || ONLY.has('lighthouse')) await phase('one instance on PGlite', onePglite);
  if (ONLY.has('cluster')) await phase('the cluster', onCluster);
}

printTable();
if (cpuNotes.length) console.log(`\n${cpuNotes.join('\n')}`);
if (process.env.BENCH_OUT) {
  writeFileSync(process.env.BENCH_OUT, markdown());
  console.log(`\n(table written to ${process.env.BENCH_OUT})`);
}
const strict = process.env.BENCH_STRICT === '1';
const lhBare = lhRows.find((r) => r.who === 'bare');
const missed = rows.filter((r) => judge(r) && judge(r).verdict !== 'ok').length + lhRows.filter((r) => judgeLighthouse(r, lhBare) === 'MISSED').length;
const failed = failures();
console.log(
  `\n${broken.length ? `INCOMPLETE: ${broken.join(', ')} failed; ` : ''}` +
    `${failed ? `${failed} request(s) or checkout step(s) failed` : 'no request failed'}; ` +
    `${missed ? `${missed} target(s) missed${strict ? '' : ' (a measurement: BENCH_STRICT=1 makes a miss fail)'}` : 'every target measured was met'}.`,
);
process.exit(broken.length || failed || (missed && strict) ? 1 : 0);
