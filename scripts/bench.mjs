#!/usr/bin/env node
/**
 * `npm run bench`: throughput of the shop's busiest pages against a bare page of the same app.
 *   1. production build into NEXT_DIST_DIR=.next-bench (BENCH_DIST moves it; skip with --no-build to reuse it)
 *   2. `server.mjs` on 127.0.0.1:3400 with a temporary DATA_DIR (PGlite), wait for /api/v1/health
 *   3. warm every URL, then autocannon each for BENCH_DURATION s (10) with BENCH_CONNECTIONS (50)
 *   4. print req/s, p99 latency, errors/non-2xx and the ratio to /bench/bare; stop the server
 * Target: / and /proc/10909 at ≥ 0.8× the bare page's req/s. Exit status 1 when a target
 * is missed or any request failed.
 * 5. the checkout scenario (BENCH_CHECKOUT=0 skips it): BENCH_SHOPPERS (50) shoppers log in (demo SMS
 *    code), then each connection is one shopper looping through POST /orders → POST /payments (WeChat
 *    Native) → 确认支付 on the demo gateway's phone (which notifies the shop) → GET /payments/{no},
 *    for BENCH_DURATION s; it reports paid orders per second, p99 and any failed step (target: none).
 * Requests carry a desktop Chrome user agent (the proxy's device detection runs as for a visitor) and
 * no Accept-Encoding, so the server's gzip is not measured; BENCH_ENCODING=gzip measures it too.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startShop, waitForHealth } from './shop-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const HOST = '127.0.0.1';
const PORT = Number(process.env.BENCH_PORT || 3400);
const BASE = `http://${HOST}:${PORT}`;
const DIST = process.env.BENCH_DIST || '.next-bench';
const DURATION = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const BARE = '/bench/bare';
const URLS = [BARE, '/', '/proc/10909', '/ProductList'];
const TARGETS = { '/': 0.8, '/proc/10909': 0.8 };
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');

function run(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { env, stdio: 'inherit' });
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(args[0] ?? cmd)} exited with ${code}`))));
  });
}

async function build(env) {
  console.log(`==> next build → ${DIST}`);
  // next build adds "<distDir>/types/**/*.ts" to tsconfig.json for a custom distDir; put it back.
  const tsconfig = readFileSync('tsconfig.json', 'utf8');
  const started = Date.now();
  try {
    await run(process.execPath, [nextBin, 'build'], env);
  } finally {
    if (readFileSync('tsconfig.json', 'utf8') !== tsconfig) writeFileSync('tsconfig.json', tsconfig);
  }
  console.log(`    built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function warm(url) {
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${BASE}${url}`, { headers: { 'user-agent': UA } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status} while warming`);
  }
}

function measure(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${BASE}${url}`,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: {
          'user-agent': UA,
          accept: 'text/html',
          ...(process.env.BENCH_ENCODING ? { 'accept-encoding': process.env.BENCH_ENCODING } : {}),
        },
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

const XRW = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

async function api(pathname, { body, token, ip } = {}) {
  const res = await fetch(`${BASE}/api/v1${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...XRW, ...(token ? { token } : {}), ...(ip ? { 'x-forwarded-for': ip } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (json.resultCode !== 200) throw new Error(`${pathname}: ${json.message}`);
  return json.data;
}

/** Logs shoppers in (demo SMS codes; a distinct client address each, as real shoppers have). */
async function shoppers(n) {
  const tokens = [];
  for (let i = 0; i < n; i++) {
    const phone = `136${String(10_000_000 + i * 7919 + (Date.now() % 1_000_000)).slice(-8)}`;
    const ip = `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    const { devCode } = await api('/auth/sms-code', { body: { phone }, ip });
    tokens.push((await api('/auth/login', { body: { phone, code: devCode }, ip })).token);
  }
  return tokens;
}

/** Each connection is one shopper: order → pay (WeChat Native) → the demo phone confirms → status. */
async function checkoutScenario() {
  const n = Number(process.env.BENCH_SHOPPERS || CONNECTIONS);
  process.stdout.write(`==> checkout: logging in ${n} shoppers … `);
  const tokens = await shoppers(n);
  const product = await api('/products/10920'); // a service: stock for every order the bench can make
  const skuId = product.skus[0].id;
  console.log('done');
  let next = 0;
  let paid = 0;
  let failed = 0;
  const fail = (step, status, body) => {
    if (failed++ < 5) console.error(`    ${step} answered ${status}: ${String(body).slice(0, 160)}`);
  };
  const json = (body) => {
    try {
      return JSON.parse(body);
    } catch {
      return {};
    }
  };
  process.stdout.write(`==> checkout: ${DURATION} s, ${Math.min(n, CONNECTIONS)} shoppers … `);
  const result = await new Promise((resolve, reject) => {
    autocannon(
      {
        url: BASE,
        connections: Math.min(n, CONNECTIONS),
        duration: DURATION,
        headers: { 'user-agent': UA, ...XRW },
        requests: [
          {
            method: 'POST',
            path: '/api/v1/orders',
            setupRequest: (req, ctx) => {
              ctx.token ??= tokens[next++ % tokens.length];
              ctx.key = `bench-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
              return { ...req, headers: { ...req.headers, token: ctx.token }, body: JSON.stringify({ items: [{ skuId, quantity: 1 }], idempotencyKey: ctx.key }) };
            },
            onResponse: (status, body, ctx) => {
              ctx.orderNo = json(body).data?.orderNo;
              if (status !== 200 || !ctx.orderNo) fail('POST /orders', status, body);
            },
          },
          {
            method: 'POST',
            path: '/api/v1/payments',
            setupRequest: (req, ctx) => ({ ...req, headers: { ...req.headers, token: ctx.token }, body: JSON.stringify({ orderNo: ctx.orderNo, channel: 'wechat_native' }) }),
            onResponse: (status, body, ctx) => {
              const d = json(body).data;
              ctx.paymentNo = d?.paymentNo;
              ctx.confirm = d?.codeUrl ? `${new URL(d.codeUrl).pathname}/confirm` : '/sandbox/none';
              if (status !== 200 || !d?.codeUrl) fail('POST /payments', status, body);
            },
          },
          {
            method: 'POST',
            setupRequest: (req, ctx) => ({ ...req, path: ctx.confirm, headers: { 'user-agent': UA, 'content-type': 'application/x-www-form-urlencoded' }, body: '' }),
            onResponse: (status, body) => {
              if (status !== 303) fail('确认支付', status, body);
            },
          },
          {
            method: 'GET',
            setupRequest: (req, ctx) => ({ ...req, path: `/api/v1/payments/${ctx.paymentNo}`, headers: { ...req.headers, token: ctx.token }, body: undefined }),
            onResponse: (status, body) => {
              if (status === 200 && json(body).data?.status === 'succeeded') paid++;
              else fail('GET /payments/{no}', status, body);
            },
          },
        ],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
  });
  console.log(`${paid} paid`);
  return { paid, failed, requests: result.requests.total, p99: result.latency.p99, errors: result.errors + result.timeouts };
}

const env = {
  ...process.env,
  NODE_ENV: 'production',
  NEXT_DIST_DIR: DIST,
  NEXT_TELEMETRY_DISABLED: '1',
  SITE_URL: `http://${HOST}:${PORT}`,
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
};
delete env.DATABASE_URL;
// BENCH_DATABASE_URL (an empty PostgreSQL database) measures PostgreSQL instead of the embedded PGlite.
if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

if (!process.argv.includes('--no-build')) await build(env);

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
console.log(`==> server.mjs on ${BASE} (PGlite in ${dataDir})`);
// The shoppers of the checkout scenario come from many addresses (X-Forwarded-For from this host).
const server = startShop({ port: PORT, host: HOST, env: { ...env, DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1/32' }, stdio: ['ignore', 'ignore', 'inherit'] });

let exitCode = 0;
try {
  await waitForHealth(BASE, server);
  console.log('==> warming');
  for (const url of URLS) await warm(url);

  const rows = [];
  for (const url of URLS) {
    process.stdout.write(`==> ${url}: ${DURATION} s, ${CONNECTIONS} connections … `);
    const r = await measure(url);
    const row = {
      url,
      rps: r.requests.average,
      p99: r.latency.p99,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
    };
    rows.push(row);
    console.log(`${row.rps.toFixed(0)} req/s`);
  }

  const checkout = process.env.BENCH_CHECKOUT === '0' ? null : await checkoutScenario();

  const bare = rows.find((r) => r.url === BARE).rps;
  console.log('');
  console.log(`${'URL'.padEnd(16)}${'req/s'.padStart(10)}${'p99 ms'.padStart(10)}${'errors'.padStart(8)}${'non-2xx'.padStart(9)}${'× bare'.padStart(9)}  target`);
  for (const r of rows) {
    const ratio = r.rps / bare;
    const target = TARGETS[r.url];
    const verdict = target === undefined ? '' : ratio >= target ? `≥ ${target} ok` : `≥ ${target} MISSED`;
    if (target !== undefined && ratio < target) exitCode = 1;
    if (r.errors || r.non2xx) exitCode = 1;
    console.log(
      `${r.url.padEnd(16)}${r.rps.toFixed(0).padStart(10)}${String(r.p99).padStart(10)}${String(r.errors).padStart(8)}${String(r.non2xx).padStart(9)}${ratio.toFixed(3).padStart(9)}  ${verdict}`,
    );
  }
  if (checkout) {
    console.log('');
    console.log(`checkout (${CONNECTIONS} shoppers, ${DURATION} s): ${checkout.paid} orders paid, ${(checkout.paid / DURATION).toFixed(1)} orders/s, ` +
      `${checkout.requests} requests, p99 ${checkout.p99} ms, failed steps ${checkout.failed}, transport errors ${checkout.errors}`);
    if (checkout.failed || checkout.errors || checkout.paid === 0) exitCode = 1;
  }
} catch (err) {
  console.error(`bench failed: ${err.message}`);
  exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
