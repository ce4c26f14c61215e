/**
 * server.mjs's page cache (lib/server/cache/page-cache.mjs) over real HTTP: a stand-in for Next answers with the
 * headers Next sends for a cached page; the cache must answer repeats itself, drop an answer the moment
 * one of its tags is revalidated, and never keep what is not a cached public page.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_TAGS_HEADER, acceptsBrotli, createPageCache } from '@/lib/server/cache/page-cache.mjs';

/** How Next sends: an explicit writeHead, or the head sent implicitly by the first write() or by end(). */
type Answer = { status?: number; headers?: Record<string, string>; send?: 'writeHead' | 'write' | 'end'; gzip?: boolean };
let answer: Answer = {};
let rendered = 0;
const revalidated = new Map<string, number>();
let usable = true;

const cache = createPageCache({
  tagsExpired: (tags, since) => tags.some((t) => (revalidated.get(t) ?? 0) > since),
  usable: () => usable,
  classify: (ua) => (/bot/i.test(ua ?? '') ? 'bot' : /iPhone/.test(ua ?? '') ? 'mobile' : 'desktop'),
});

/** What server.mjs does around Next's handler, with a stand-in for Next. */
function handler(req: IncomingMessage, res: ServerResponse) {
  const key = cache.keyOf(req);
  if (cache.serve(req, res, key)) return;
  rendered++;
  const headers: Record<string, string> = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'public, max-age=0, s-maxage=60',
    'x-nextjs-cache': 'HIT',
    [PAGE_TAGS_HEADER]: 'product:1,catalog',
    ...answer.headers,
  };
  const status = answer.status ?? 200;
  // server.mjs's glue: recording starts before Next runs; the head is offered as it goes out.
  const head = cache.record(res, key);
  const writeHead = res.writeHead;
  res.writeHead = function (this: unknown, code: number, ...rest: unknown[]) {
    const tags = res.getHeader(PAGE_TAGS_HEADER);
    res.removeHeader(PAGE_TAGS_HEADER);
    head?.(code, res.getHeaders(), tags === undefined ? undefined : String(tags));
    return writeHead.call(this, code, ...(rest as []));
  } as typeof res.writeHead;
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const text = `<html>${req.url} render ${rendered}</html>`;
  // Next compresses with gzip when the browser takes it.
  const zipped = answer.gzip && /gzip/.test(String(req.headers['accept-encoding'] ?? ''));
  if (zipped) res.setHeader('content-encoding', 'gzip');
  const body = zipped ? gzipSync(text) : text;
  if ((answer.send ?? 'writeHead') === 'writeHead') res.writeHead(status);
  if (answer.send === 'end') res.end(body);
  else {
    res.write(body.slice(0, 10));
    res.end(body.slice(10));
  }
}

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  answer = {};
  usable = true;
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}${path}`, { headers });
  return { status: res.status, text: await res.text(), headers: res.headers };
};

/** The answer's body as sent (not decompressed) and its encoding. */
const raw = (path: string, encoding: string) =>
  new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

describe('the page cache in front of Next', () => {
  it('answers a repeat from memory, with the same body and headers, until a tag of the page is revalidated', async () => {
    const first = await get('/a');
    const count = rendered;
    const again = await get('/a');
    expect(rendered).toBe(count);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    expect(again.headers.get(PAGE_TAGS_HEADER)).toBeNull();
    revalidated.set('product:1', Date.now() + 1);
    await new Promise((r) => setTimeout(r, 5));
    const fresh = await get('/a');
    expect(rendered).toBe(count + 1);
    expect(fresh.text).toContain(`render ${count + 1}`);
  });

  it('keeps the whole body however Next sends its head', async () => {
    for (const send of ['write', 'end'] as const) {
      answer = { send };
      const first = await get(`/e-${send}`);
      const count = rendered;
      const again = await get(`/e-${send}`);
      expect(rendered, send).toBe(count);
      expect(again.text, send).toBe(first.text);
      expect(again.text, send).toMatch(/^<html>\/e-\w+ render \d+<\/html>$/);
      expect(again.headers.get('content-length'), send).toBe(String(Buffer.byteLength(first.text)));
    }
  });

  it('keeps each query, device kind, crawler and Accept-Encoding apart', async () => {
    await get('/b?x=1');
    const count = rendered;
    await get('/b?x=2');
    await get('/b?x=1', { 'user-agent': 'Mozilla/5.0 (iPhone)' });
    await get('/b?x=1', { 'user-agent': 'Googlebot' });
    await get('/b?x=1', { 'accept-encoding': 'gzip' });
    expect(rendered).toBe(count + 4);
    await get('/b?x=1', { 'user-agent': 'Mozilla/5.0 (iPhone)' });
    expect(rendered).toBe(count + 4);
  });

  it('keeps the HIT that follows a MISS, not the MISS (Next sends a MISS as rendered, not as its cache stored it)', async () => {
    answer = { headers: { 'x-nextjs-cache': 'MISS' } };
    await get('/m');
    const count = rendered;
    answer = {};
    const hit = await get('/m');
    expect(rendered).toBe(count + 1);
    const again = await get('/m');
    expect(rendered).toBe(count + 1);
    expect(again.text).toBe(hit.text);
  });

  it('never keeps an error, a cookie, a private or untagged answer, a STALE one, or what was not a plain document request', async () => {
    const cases: [string, Answer, Record<string, string>?][] = [
      ['/c1', { status: 404 }],
      ['/c2', { headers: { 'set-cookie': 'a=b' } }],
      ['/c3', { headers: { 'cache-control': 'private, no-store' } }],
      ['/c4', { headers: { [PAGE_TAGS_HEADER]: '' } }],
      ['/c5', { headers: { 'x-nextjs-cache': 'STALE' } }],
      ['/c6', {}, { rsc: '1' }],
      ['/c7', {}, { 'if-none-match': '"x"' }],
      ['/c8?_rsc=abc', {}],
    ];
    for (const [path, a, headers] of cases) {
      answer = a;
      await get(path, headers);
      const count = rendered;
      await get(path, headers);
      expect(rendered, path).toBe(count + 1);
    }
  });

  it('keeps a gzip page for a browser that takes brotli as brotli, once converted; a gzip-only browser gets gzip', async () => {
    answer = { gzip: true };
    const chrome = 'gzip, deflate, br, zstd';
    const first = await raw('/z', chrome);
    expect(first.encoding, 'the first answer is as Next sent it').toBe('gzip');
    // Until the brotli copy is ready, repeats are Next's to answer (as gzip).
    await expect.poll(async () => (await raw('/z', chrome)).encoding).toBe('br');
    const count = rendered;
    const again = await raw('/z', chrome);
    expect(brotliDecompressSync(again.body).toString()).toBe(gunzipSync(first.body).toString());
    expect(rendered, 'served from memory').toBe(count);

    await raw('/z', 'gzip, deflate');
    const gzipOnly = await raw('/z', 'gzip, deflate');
    expect(gzipOnly.encoding).toBe('gzip');
    expect(gunzipSync(gzipOnly.body).toString()).toMatch(/^<html>\/z render \d+<\/html>$/);
    expect(rendered).toBe(count + 1);
  });

  it('reads Accept-Encoding as browsers write it', () => {
    expect(acceptsBrotli('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsBrotli('br;q=0.5, gzip')).toBe(true);
    expect(acceptsBrotli('gzip, br;q=0')).toBe(false);
    expect(acceptsBrotli('gzip, deflate')).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
  });

  it('serves nothing while it cannot hear revalidations (the shared cache out of sync)', async () => {
    await get('/d');
    const count = rendered;
    usable = false;
    await get('/d');
    expect(rendered).toBe(count + 1);
  });
});
