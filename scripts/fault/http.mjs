/**
 * The shoppers' HTTP client. A failed connection (refused, reset, timed out) throws NetError instead of
 * returning an answer: around the kill a lost answer says nothing about whether the shop did the work,
 * so the callers keep those apart from the answers the shop gave.
 */
import { fetchFrom, loopbackFor } from '../from-address.mjs';
import { BASE, sleep } from './config.mjs';

export class NetError extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

/**
 * One request to the API (a path under /api/v1) or to a full URL; a failed connection throws NetError.
 * With `ip` (the shopper's network) it is sent from that network's loopback address (scripts/from-address.mjs):
 * the shop, or the cluster's front, sees each shopper apart, so the per-IP limits do not throttle the load.
 */
export async function call(method, pathOrUrl, { token, ip, body, form } = {}) {
  const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${BASE}/api/v1${pathOrUrl}`;
  const headers = { 'x-requested-with': 'XMLHttpRequest' };
  if (token) headers.token = token;
  let payload;
  if (form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = form;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  try {
    const init = { method, headers, body: payload, redirect: 'manual', signal: AbortSignal.timeout(30_000) };
    const res = await (ip ? fetchFrom(loopbackFor(ip), url, init) : fetch(url, init));
    const text = await res.text();
    // The cluster's front lost its connection to the instance: as good as a failed connection of our own.
    if ((res.status === 502 || res.status === 504) && res.headers.get('server')?.startsWith('nginx')) throw new NetError(`nginx ${res.status}`);
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, json, location: res.headers.get('location'), text };
  } catch (err) {
    if (err instanceof NetError) throw err;
    throw new NetError(err?.cause?.code ?? err?.name ?? 'error');
  }
}

/** Runs fn up to five times while it fails with NetError: after the restart a stale keep-alive socket may fail once. */
export async function retryOnNetError(fn) {
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof NetError) || i >= 4) throw err;
      await sleep(300);
    }
  }
}

/** call(), asked again on a failed connection: for idempotent requests only. */
export const callRetry = (method, p, opts) => retryOnNetError(() => call(method, p, opts));

/** fn over items, at most n at a time. */
export async function pool(items, n, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}
