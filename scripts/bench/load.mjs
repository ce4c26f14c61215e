/**
 * Page load for `npm run bench`: warming a URL and measuring it with a load client that is not the
 * bottleneck: wrk (Debian's package, C, one thread per core) when it is installed, else autocannon
 * (Node, one thread: it saturates near 2,500 req/s on this machine, below what the cluster's front
 * serves). BENCH_LOAD_CLIENT=wrk|autocannon chooses; `loadClient()` says which one measures.
 * Requests carry a desktop Chrome user agent (the shop's proxy runs its device detection as for a
 * visitor) and no Accept-Encoding, so gzip is not measured; BENCH_ENCODING=gzip measures it too.
 */
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';

export const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** A phone's browser, as Lighthouse's mobile runs present themselves: the shop renders and caches phones' pages apart. */
export const MOBILE_UA = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** What Chrome (and so Lighthouse) sends as Accept-Encoding: the page cache keeps a page per value. */
export const CHROME_ENCODING = 'gzip, deflate, br, zstd';

const pageHeaders = (ua = UA, encoding = process.env.BENCH_ENCODING) => ({
  'user-agent': ua,
  accept: 'text/html',
  ...(encoding ? { 'accept-encoding': encoding } : {}),
});

/** The load client of the page measurements: 'wrk' or 'autocannon'. */
export function loadClient() {
  const asked = process.env.BENCH_LOAD_CLIENT;
  if (asked === 'autocannon') return 'autocannon';
  const found = spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
  if (asked === 'wrk' && !found) throw new Error('BENCH_LOAD_CLIENT=wrk, but wrk is not installed (apt-get install -y wrk)');
  return found ? 'wrk' : 'autocannon';
}

/** wrk's latency ("950.00us", "12.34ms", "1.20s") in ms. */
function wrkMs(text) {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!m) return NaN;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2]];
}

/** Reads wrk's report: req/s, p99 (ms), transport errors (socket errors and timeouts), non-2xx/3xx answers. */
export function parseWrk(out) {
  const rate = Number(/Requests\/sec:\s*([\d.]+)/.exec(out)?.[1]);
  const p99 = wrkMs(/^\s*99%\s+(\S+)/m.exec(out)?.[1] ?? '');
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = sock ? sock.slice(1).reduce((n, x) => n + Number(x), 0) : 0;
  const non2xx = Number(/Non-2xx or 3xx responses:\s*(\d+)/.exec(out)?.[1] ?? 0);
  if (!Number.isFinite(rate) || !Number.isFinite(p99)) throw new Error(`wrk's report could not be read:\n${out}`);
  return { rate, p99: Math.round(p99), errors, non2xx };
}

/** wrk with one thread per core (at most `connections`), its latency distribution on. */
function wrk(url, { connections, duration }) {
  const threads = Math.max(1, Math.min(availableParallelism(), connections));
  const headers = Object.entries(pageHeaders()).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const args = ['-t', String(threads), '-c', String(connections), '-d', `${duration}s`, '--latency', '--timeout', '10s', ...headers, url];
  return new Promise((resolve, reject) => {
    const p = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited with ${code}:\n${out}`))));
  });
}

/** autocannon as a promise. */
function cannon(options) {
  return new Promise((resolve, reject) => autocannon(options, (err, result) => (err ? reject(err) : resolve(result))));
}

/**
 * Requests `url` a few times so that the first measured second does not pay for compiling, the first
 * render or filling a cache; throws when it does not answer 200 (a wrong URL would measure an error page).
 */
export async function warm(base, url, times = 20, ua = UA, encoding = undefined) {
  for (let i = 0; i < times; i++) {
    const res = await fetch(`${base}${encodeURI(url)}`, { headers: pageHeaders(ua, encoding) });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${base}${url} answered ${res.status} while warming`);
  }
}

/**
 * `connections` clients request `url` (written as shown, not yet percent-encoded) for `duration` seconds
 * with `loadClient()`: req/s (wrk: the requests over the seconds; autocannon: the mean of the per-second
 * counts), p99, failures.
 */
export async function measurePage(base, url, { connections, duration }) {
  // encodeURI: a search word in Chinese must go out percent-encoded, as a browser sends it.
  if (loadClient() === 'wrk') return parseWrk(await wrk(`${base}${encodeURI(url)}`, { connections, duration }));
  const r = await cannon({ url: `${base}${encodeURI(url)}`, connections, duration, headers: pageHeaders() });
  return { rate: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}
