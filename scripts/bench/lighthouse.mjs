/**
 * Lighthouse for `npm run bench` (docs/bench.md#lighthouse): the npm package's own CLI, mobile with its
 * default (simulated) throttling, performance only, run `runs` times per URL against a server that is
 * already up; each figure is the median of the runs. Chrome is the system's (CHROME_PATH, /usr/bin/chromium
 * by default), headless: nothing is downloaded. BENCH_LIGHTHOUSE_KEEP=<dir> keeps each run's report and
 * trace there (open a trace in Chrome's Performance panel to see what the paint waited for).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const CLI = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu';

/** One Lighthouse run of `url`: its report (JSON), written into `dir` under `name`. */
function runOnce(url, dir, name) {
  const output = path.join(dir, `${name}.json`);
  const args = [CLI, url, '--quiet', '--only-categories=performance', '--output=json', `--output-path=${output}`, `--chrome-flags=${CHROME_FLAGS}`, '--save-assets'];
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d) => (err += d));
    p.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse ${url} exited with ${code}: ${err.slice(-2000)}`));
      try {
        resolve(JSON.parse(readFileSync(output, 'utf8')));
      } catch (e) {
        reject(e);
      }
    });
  });
}

/** What the table prints from one report. */
function figures(report) {
  const a = report.audits;
  const requests = a['network-requests']?.details?.items ?? [];
  const scriptBytes = requests.filter((r) => r.resourceType === 'Script').reduce((n, r) => n + (r.transferSize || 0), 0);
  const lcpElement = a['lcp-breakdown-insight']?.details?.items?.find((i) => i.type === 'node');
  return {
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    scriptBytes,
    lcpElement: lcpElement?.selector ?? null,
  };
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null && x !== undefined).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};

/**
 * `runs` Lighthouse runs of `base + url`, one after another (each launches its own Chrome).
 * @returns {Promise<{ url, runs, score, fcp, lcp, tbt, cls, scriptBytes, lcpElement, scores }>}
 *   each figure the median of the runs, CLS the largest; `scores` every run's score as measured;
 *   `lcpElement` the selector of the first run's largest element
 */
export async function lighthouse(base, url, { runs = 3, say = () => {} } = {}) {
  const keep = process.env.BENCH_LIGHTHOUSE_KEEP;
  const dir = keep ? path.resolve(keep) : mkdtempSync(path.join(tmpdir(), 'shop-bench-lh-'));
  mkdirSync(dir, { recursive: true });
  const label = `${new URL(base).port}${url.replace(/[^A-Za-z0-9]+/g, '_')}`;
  const all = [];
  try {
    for (let i = 0; i < runs; i++) {
      const f = figures(await runOnce(`${base}${encodeURI(url)}`, dir, `${label}-${i + 1}`));
      all.push(f);
      say(`lighthouse ${base}${url} run ${i + 1}: score ${f.score}, LCP ${f.lcp.toFixed(0)} ms, TBT ${f.tbt.toFixed(0)} ms, CLS ${f.cls.toFixed(3)}`);
    }
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
  const pick = (k) => median(all.map((f) => f[k]));
  return {
    url,
    runs: all.length,
    score: pick('score'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: Math.max(...all.map((f) => f.cls)),
    scriptBytes: pick('scriptBytes'),
    lcpElement: all.map((f) => f.lcpElement).find(Boolean) ?? null,
    scores: all.map((f) => f.score),
  };
}
