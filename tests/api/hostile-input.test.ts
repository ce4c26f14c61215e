/**
 * Hostile input at every handler under app/api/v1 (read from the route tree): arbitrary
 * JSON, wrong types, huge strings, SQL and script fragments, invalid UTF-8, oversized bodies, odd
 * path segments and query strings, thrown by fast-check as an anonymous visitor, a shopper and an
 * operator. Never a 5xx, never a stack trace, always the envelope (or the provider's own format on
 * the notification routes and an escaped HTML page on the pay form).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'shop-hostile-'));

import { MAX_BODY_BYTES } from '@/lib/server/http/envelope';
import { loginOperator } from './admin-session';
import { apiHandlers, fillPattern, type RouteHandler } from './route-tree';
import { loginNew, type Shopper } from './session';

const NASTY = [
  "' OR '1'='1",
  "1; DROP TABLE orders; --",
  '1 UNION SELECT password_hash FROM users --',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '\u0000\u0001\u202e\u2028\u2029',
  '🔐'.repeat(500),
  'a'.repeat(70_000),
  '-1',
  '1e309',
  'NaN',
  '99999999999999999999999',
  '__proto__',
  'constructor',
];

const nasty = fc.constantFrom(...NASTY);
const scalar = fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'grapheme', maxLength: 30 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), nasty);
/** Bodies shaped like ours (known field names) with hostile values, or anything at all. */
const FIELDS = ['phone', 'code', 'password', 'newPassword', 'oldPassword', 'skuId', 'quantity', 'selected', 'items', 'fromCart', 'addressId', 'idempotencyKey', 'remark', 'orderNo', 'channel', 'name', 'tel', 'province', 'city', 'county', 'areaCode', 'addressDetail', 'isDefault', 'invoiceType', 'titleType', 'title', 'taxNo', 'email', 'nickname', 'carrier', 'trackingNo', 'reason', 'priceFen', 'stock', 'onSale', 'images', 'version', 'company', 'product', 'seats', 'message', 'type', 'orderItemId', 'description', 'imageIds', 'restock', 'file', '__proto__'];
const shapedBody = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 })), { maxKeys: 8 });
const body = fc.oneof(shapedBody, fc.jsonValue({ maxDepth: 3 }), fc.array(scalar, { maxLength: 5 }), scalar);
// Values that pass the format checks of our numbers (order, payment, after-sales, upload id, activation code), so the handler behind them runs.
const segment = fc.oneof(nasty, fc.string({ minLength: 1, maxLength: 40 }), fc.integer().map(String), fc.constantFrom('0', '1', '10909', '20250101120000123456', '2026112312000012345678', '0123456789abcdef0123456789abcdef', 'ABCD-EFGH-JKLM-NPQR'));
const query = fc.dictionary(fc.constantFrom('page', 'pageSize', 'status', 'q', 'category', 'from', 'to', 'phone', 'orderNo', 'id'), fc.oneof(fc.string({ maxLength: 30 }), nasty), { maxKeys: 4 });

const STACK = /\bat [\w.<>]+ \(|\.tsx?:\d+:\d+|node_modules|Error: /;

let shopper: Shopper;
let operator: Shopper;

beforeAll(async () => {
  shopper = await loginNew();
  operator = await loginOperator();
});

type Raw = { status: number; type: string; text: string };

async function send(r: RouteHandler, o: { params: Record<string, string>; search: string; body?: BodyInit; contentType?: string; token?: string }): Promise<Raw> {
  const url = `http://shop.test/api/v1${fillPattern(r.pattern, o.params)}${o.search}`;
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', 'x-test-peer': '10.99.0.1' };
  if (o.contentType) headers['content-type'] = o.contentType;
  if (o.token) headers.token = o.token;
  // As an HTTP client sends it (a Request built in memory has no content-length of its own).
  if (o.body !== undefined && r.method !== 'GET') headers['content-length'] = String(typeof o.body === 'string' ? Buffer.byteLength(o.body) : (o.body as Uint8Array).byteLength);
  const request = new Request(url, { method: r.method, headers, body: r.method === 'GET' ? undefined : o.body });
  const res = await r.handler(request, { params: Promise.resolve(o.params) });
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, type, text: type.includes('pdf') ? '' : await res.text() };
}

function check(r: RouteHandler, res: Raw, what: string) {
  const name = `${r.method} ${r.pattern} ${what}`;
  expect(res.status, `${name}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
  expect(res.text, `${name}: a stack trace`).not.toMatch(STACK);
  if (['/payments/notify/', '/carrier/notify/', '/contracts/notify/'].some((p) => r.pattern.startsWith(p))) return; // the provider's own reply format
  if (r.pattern.startsWith('/payform/') && res.type.includes('text/html')) {
    expect(res.text, `${name}: unescaped markup`).not.toMatch(/<script>alert|onerror=alert/);
    return;
  }
  if (res.status === 204 || res.type.includes('pdf') || res.type.includes('text/csv')) return;
  expect(res.type, `${name}: JSON envelope`).toMatch(/application\/json/);
  const env = JSON.parse(res.text) as { resultCode: unknown; message: unknown };
  expect(typeof env.resultCode, name).toBe('number');
  expect(typeof env.message, name).toBe('string');
  expect(res.status, name).toBe(env.resultCode === 416 ? 401 : env.resultCode);
  if (env.resultCode !== 200) expect(env.message as string, `${name}: a Chinese message`).toMatch(/[\u4e00-\u9fff]/);
}

const callers = () => [undefined, shopper.token, operator.token];

describe('hostile input at every /api/v1 handler', () => {
  it('arbitrary and hostile JSON bodies, segments and queries: no 5xx, no stack trace, the envelope', async () => {
    const handlers = await apiHandlers();
    expect(handlers.length).toBeGreaterThan(40);
    for (const r of handlers) {
      await fc.assert(
        fc.asyncProperty(body, fc.tuple(segment, segment), query, fc.constantFrom(0, 1, 2), async (b, segs, q, who) => {
          const params = Object.fromEntries(r.segments.map((s, i) => [s, segs[i % 2]]));
          const search = Object.keys(q).length ? `?${new URLSearchParams(q)}` : '';
          const res = await send(r, { params, search, body: JSON.stringify(b), contentType: 'application/json', token: callers()[who] });
          check(r, res, `body ${JSON.stringify(b).slice(0, 80)}`);
        }),
        { numRuns: 40, seed: 20261123 },
      );
    }
  }, 240_000);

  it('invalid UTF-8, not JSON, wrong content types and oversized bodies are a 400 (or 413 for notifications)', async () => {
    const invalidUtf8 = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]);
    const huge = JSON.stringify({ remark: 'x'.repeat(MAX_BODY_BYTES + 10) });
    for (const r of await apiHandlers()) {
      if (r.method === 'GET') continue;
      const params = Object.fromEntries(r.segments.map((s) => [s, '1']));
      for (const token of callers()) {
        for (const [label, b, type] of [
          ['invalid UTF-8', invalidUtf8, 'application/json'],
          ['not JSON', '{"phone": 138', 'application/json'],
          ['form body', 'phone=13800000000', 'application/x-www-form-urlencoded'],
          ['oversized', huge, 'application/json'],
        ] as const) {
          const res = await send(r, { params, search: '', body: b, contentType: type, token });
          check(r, res, label);
          if (label === 'oversized' && res.status !== 403 && res.status !== 401) expect([400, 413], `${r.method} ${r.pattern} oversized`).toContain(res.status);
        }
      }
    }
  }, 120_000);
});
