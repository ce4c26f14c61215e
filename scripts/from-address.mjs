/**
 * Requests from a loopback address of the test's choosing (any of 127.0.0.0/8 on Linux), so scripts can
 * play shoppers on many networks through the cluster's front: nginx sets X-Forwarded-For to the address
 * the connection came from and never passes on one the client sent (docs/cluster.md#the-cluster).
 */
import http from 'node:http';

/**
 * The loopback address standing for a shopper's network `ip` (a.b.c.d → 127.b.c.d): distinct for
 * distinct networks, and never 127.0.0.1 (the front itself, which the instances trust).
 */
export function loopbackFor(ip) {
  const [, b, c, d] = ip.split('.');
  const address = `127.${b}.${c}.${d}`;
  if (address === '127.0.0.1') throw new Error(`${ip}: pick a network that does not map to 127.0.0.1`);
  return address;
}

/**
 * fetch() over a connection from `localAddress`, without redirects (as fetch's redirect: 'manual').
 * A failed connection rejects as fetch does: a TypeError whose cause carries the code (ECONNREFUSED …).
 * @param {string} localAddress @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string, signal?: AbortSignal }} [init]
 * @returns {Promise<Response>}
 */
export function fetchFrom(localAddress, url, { method = 'GET', headers = {}, body, signal } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, localAddress, signal }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', (err) => reject(new TypeError('fetch failed', { cause: err })));
      res.on('end', () => {
        const out = new Headers();
        for (const [k, v] of Object.entries(res.headers)) for (const one of [v].flat()) if (one !== undefined) out.append(k, one);
        const empty = res.statusCode === 204 || res.statusCode === 304;
        resolve(new Response(empty ? null : Buffer.concat(chunks), { status: res.statusCode, headers: out }));
      });
    });
    req.on('error', (err) => reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: err })));
    req.end(body);
  });
}
