/**
 * Page load for `npm run bench`: warming a URL and measuring it with autocannon.
 * Requests carry a desktop Chrome user agent (the shop's proxy runs its device detection as for a
 * visitor) and no Accept-Encoding, so gzip is not measured; BENCH_ENCODING=gzip measures it too.
 */
import autocannon from 'autocannon';

export const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const pageHeaders = () => ({
  'user-agent': UA,
  accept: 'text/html',
  ...(process.env.BENCH_ENCODING ? { 'accept-encoding': process.env.BENCH_ENCODING } : {}),
});

/** autocannon as a promise. */
function cannon(options) {
  return new Promise((resolve, reject) => autocannon(options, (err, result) => (err ? reject(err) : resolve(result))));
}

/**
 * Requests `url` a few times so that the first measured second does not pay for compiling, the first
 * render or filling a cache; throws when it does not answer 200 (a wrong URL would measure an error page).
 */
export async function warm(base, url, times = 20) {
  for (let i = 0; i < times; i++) {
    const res = await fetch(`${base}${encodeURI(url)}`, { headers: pageHeaders() });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${base}${url} answered ${res.status} while warming`);
  }
}

/** `connections` clients request `url` (written as shown, not yet percent-encoded) for `duration` seconds: req/s (the mean of the per-second counts), p99, failures. */
export async function measurePage(base, url, { connections, duration }) {
  // encodeURI: a search word in Chinese must go out percent-encoded, as a browser sends it.
  const r = await cannon({ url: `${base}${encodeURI(url)}`, connections, duration, headers: pageHeaders() });
  return { rate: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}
