#!/usr/bin/env node
/**
 * `npm run bench`: throughput of the shop's busiest pages against a bare page of the same app.
 *   1. production build into NEXT_DIST_DIR=.next-bench (skip with --no-build to reuse it)
 *   2. `next start` on 127.0.0.1:3400 with a temporary DATA_DIR (PGlite), wait for /api/v1/health
 *   3. warm every URL, then autocannon each for BENCH_DURATION s (10) with BENCH_CONNECTIONS (50)
 *   4. print req/s, p99 latency, errors/non-2xx and the ratio to /bench/bare; stop the server
 * Target (issue): / and /proc/10909 at ≥ 0.8× the bare page's req/s. Exit status 1 when a target
 * is missed or any request failed.
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

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const HOST = '127.0.0.1';
const PORT = Number(process.env.BENCH_PORT || 3400);
const BASE = `http://${HOST}:${PORT}`;
const DIST = '.next-bench';
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

async function waitForHealth(server, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${BASE}/api/v1/health`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not answer /api/v1/health in time');
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

const env = {
  ...process.env,
  NODE_ENV: 'production',
  NEXT_DIST_DIR: DIST,
  NEXT_TELEMETRY_DISABLED: '1',
  SITE_URL: `http://${HOST}:${PORT}`,
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
};
delete env.DATABASE_URL;

if (!process.argv.includes('--no-build')) await build(env);

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
console.log(`==> next start on ${BASE} (PGlite in ${dataDir})`);
const server = spawn(process.execPath, [nextBin, 'start', '-p', String(PORT), '-H', HOST], {
  env: { ...env, DATA_DIR: dataDir, PORT: String(PORT) },
  stdio: ['ignore', 'ignore', 'inherit'],
});

let exitCode = 0;
try {
  await waitForHealth(server);
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
} catch (err) {
  console.error(`bench failed: ${err.message}`);
  exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
