/**
 * Every id a caller names, in a body, a path or a query, is checked against the database's range
 * (int4: 1 … 2147483647) before it reaches a query: one past it, 1e20 or 99999999999 is a 400 (a body
 * or a query) or a 404 (a path), never PostgreSQL's "out of range for type integer" as a 500. Walks
 * every handler under app/api/v1 (route-tree), so a new route that forgets it fails here.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'shop-id-range-'));

import { loginOperator } from './admin-session';
import { apiHandlers, fillPattern, type RouteHandler } from './route-tree';
import { loginNew, type Shopper } from './session';

/** Every field name that holds a database id in some body of ours. */
const ID_FIELDS = ['productId', 'skuId', 'addressId', 'couponId', 'orderItemId', 'itemId', 'templateId', 'categoryId', 'invoiceId', 'titleId', 'messageId', 'reviewId', 'conversationId', 'afterSaleId'];
/** Query parameters that name an id or a line id (the chat's cursors). */
const ID_QUERIES = ['productId', 'after', 'before', 'id', 'entityId', 'earlier'];
const OUT_OF_RANGE = [2_147_483_648, 1e20, '2147483648', '99999999999', 'Infinity'];

let shopper: Shopper;
let operator: Shopper;

beforeEach(async () => {
  shopper = await loginNew();
  operator = await loginOperator();
});

async function call(r: RouteHandler, token: string, o: { params?: Record<string, string>; search?: string; body?: unknown }) {
  const params = o.params ?? Object.fromEntries(r.segments.map((s) => [s, '1']));
  const url = `http://shop.test/api/v1${fillPattern(r.pattern, params)}${o.search ?? ''}`;
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', 'x-test-peer': '10.98.0.1', token };
  let body: string | undefined;
  if (r.method !== 'GET' && o.body !== undefined) {
    body = JSON.stringify(o.body);
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  const res = await r.handler(new Request(url, { method: r.method, headers, body }), { params: Promise.resolve(params) });
  const text = res.headers.get('content-type')?.includes('json') ? await res.text() : '';
  return { status: res.status, text };
}

/** Routes that stream or answer outside the envelope: their ids are still checked, their bodies are not read here. */
const skip = (r: RouteHandler) => r.pattern.startsWith('/payments/notify/') || r.pattern.startsWith('/carrier/notify/') || ENDS_SESSION.includes(r.pattern);
/** Routes that end the caller's session: the walk would go on as a visitor after them. */
const ENDS_SESSION = ['/auth/logout', '/user/deregister', '/user/password'];

describe('ids beyond the database range', () => {
  it('in a body: a 4xx (400 for the id, or the route refusing something else first), never a 500', async () => {
    const failures: string[] = [];
    for (const r of await apiHandlers()) {
      if (r.method === 'GET' || skip(r)) continue;
      const token = r.pattern.startsWith('/admin/') ? operator.token : shopper.token;
      for (const field of ID_FIELDS) {
        for (const v of [2_147_483_648, '99999999999']) {
          for (const b of [{ [field]: v, text: '你好', quantity: 1 }, { items: [{ [field]: v, quantity: 1 }], [`${field}s`]: [v] }]) {
            const res = await call(r, token, { body: b });
            if (res.status >= 500) failures.push(`${r.method} ${r.pattern} ${JSON.stringify(b)} → ${res.status} ${res.text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('in a path: 404 (the caller may use the route: an operator on /admin, a shopper elsewhere), never a 500', async () => {
    const failures: string[] = [];
    for (const r of await apiHandlers()) {
      if (!r.segments.includes('id') || skip(r)) continue;
      const token = r.pattern.startsWith('/admin/') ? operator.token : shopper.token;
      for (const v of ['2147483648', '99999999999', '1e20', '0', '-1']) {
        const res = await call(r, token, { params: Object.fromEntries(r.segments.map((s) => [s, v])), body: { text: '你好' } });
        if (res.status !== 404) failures.push(`${r.method} ${r.pattern} id=${v} → ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('in a query: never a 500', async () => {
    const failures: string[] = [];
    for (const r of await apiHandlers()) {
      if (r.method !== 'GET' || skip(r) || r.pattern.endsWith('/stream')) continue;
      const token = r.pattern.startsWith('/admin/') ? operator.token : shopper.token;
      for (const q of ID_QUERIES) {
        for (const v of OUT_OF_RANGE) {
          const res = await call(r, token, { search: `?${q}=${encodeURIComponent(String(v))}` });
          if (res.status >= 500) failures.push(`${r.method} ${r.pattern}?${q}=${v} → ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
