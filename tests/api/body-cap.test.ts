/**
 * Request bodies are capped while they arrive: a chunked body without content-length is read as a
 * stream and cancelled as soon as it passes the route's cap (64 KB for JSON), answered 413 at once,
 * instead of being held whole in memory first. Every route that reads a body is covered: the JSON
 * envelope, the payment notifications and the demo gateways.
 */
import { describe, expect, it } from 'vitest';
import { POST as leadsPost } from '@/app/api/v1/leads/route';
import { POST as alipayNotify } from '@/app/api/v1/payments/notify/alipay/route';
import { POST as wechatNotify } from '@/app/api/v1/payments/notify/wechat/route';
import { POST as alipayGateway } from '@/app/sandbox/alipay/gateway.do/route';
import { POST as alipayCashierPay } from '@/app/sandbox/alipay/cashier/[ref]/pay/route';
import { POST as wechatConfirm } from '@/app/sandbox/wechat/pay/[ref]/confirm/route';
import { POST as wechatV3 } from '@/app/sandbox/wechat/v3/[...path]/route';
import { MAX_BODY_BYTES } from '@/lib/server/http/envelope';
import { envelope } from './helpers';
import { ctx, req, type Handler } from './session';

const CHUNK = 64 * 1024;
const TOTAL = 10 * 1024 * 1024;

/** A 10 MB body in 64 KB chunks, produced only when pulled (no read-ahead), counting what was pulled. */
function hugeStream() {
  const chunk = new Uint8Array(CHUNK).fill(0x61);
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(c) {
        if (seen.pulled * CHUNK >= TOTAL) return c.close();
        seen.pulled++;
        c.enqueue(chunk);
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, seen };
}

/** A POST whose body is that stream, without content-length (as a chunked upload arrives). */
function chunked(url: string, headers: Record<string, string> = {}) {
  const { body, seen } = hugeStream();
  const request = new Request(url, { method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest', 'x-test-peer': '10.98.0.1', ...headers }, body, duplex: 'half' } as RequestInit);
  expect(request.headers.get('content-length')).toBeNull();
  return { request, seen };
}

/** Sends it and checks: 413, within a second, and the stream cancelled at most one chunk past the cap. */
async function refuses(handler: Handler, url: string, context?: unknown, cap = MAX_BODY_BYTES): Promise<Response> {
  const { request, seen } = chunked(url, { 'content-type': 'application/json' });
  const started = Date.now();
  const res = await handler(request, context);
  expect(res.status).toBe(413);
  expect(Date.now() - started).toBeLessThan(1000);
  expect(seen.pulled * CHUNK, `read ${seen.pulled} chunks of ${CHUNK} bytes`).toBeLessThanOrEqual(cap + CHUNK);
  expect(seen.cancelled).toBe(true);
  return res;
}

describe('a chunked body past the cap', () => {
  it('JSON API: 413 「请求内容过大」 in the envelope, the stream cancelled just past 64 KB', async () => {
    const res = await refuses(leadsPost, 'http://shop.test/api/v1/leads');
    expect(await envelope(res)).toEqual({ resultCode: 413, message: '请求内容过大' });
  });

  it('payment notifications: 413 in the provider format', async () => {
    for (const [handler, url] of [
      [wechatNotify, 'http://shop.test/api/v1/payments/notify/wechat'],
      [alipayNotify, 'http://shop.test/api/v1/payments/notify/alipay'],
    ] as const) {
      const res = await refuses(handler as Handler, url);
      expect(await res.json()).toEqual({ code: 'FAIL', message: '请求内容过大' });
    }
  });

  it('demo gateways and cashier forms: 413', async () => {
    await refuses(wechatV3 as Handler, 'http://shop.test/sandbox/wechat/v3/pay/transactions/native', { params: Promise.resolve({ path: ['pay', 'transactions', 'native'] }) });
    await refuses(alipayGateway as Handler, 'http://shop.test/sandbox/alipay/gateway.do');
    // The confirm forms' own cap is 8 KB.
    await refuses(alipayCashierPay as Handler, 'http://shop.test/sandbox/alipay/cashier/x/pay', ctx({ ref: 'x' }), 8192);
    await refuses(wechatConfirm as Handler, 'http://shop.test/sandbox/wechat/pay/x/confirm', ctx({ ref: 'x' }), 8192);
  });
});

describe('a body announced too large by content-length', () => {
  it('is a 413 before anything is read', async () => {
    const request = req('POST', '/leads', '{}', { headers: { 'content-length': String(MAX_BODY_BYTES + 1) } });
    const res = await leadsPost(request, undefined);
    expect(await envelope(res)).toEqual({ resultCode: 413, message: '请求内容过大' });
    expect(request.bodyUsed).toBe(false);
  });
});

describe('the cap counts bytes, not characters', () => {
  /** A lead whose JSON is exactly `bytes` long, its message made of 3-byte characters (and ASCII to fill up). */
  function leadOfBytes(bytes: number): string {
    const base = JSON.stringify({ name: '张三', company: '量盾', phone: '13800138000', product: '量子会议', message: '' });
    const room = bytes - Buffer.byteLength(base);
    const json = JSON.stringify({ name: '张三', company: '量盾', phone: '13800138000', product: '量子会议', message: '量'.repeat(Math.floor(room / 3)) + 'x'.repeat(room % 3) });
    expect(Buffer.byteLength(json)).toBe(bytes);
    return json;
  }

  it('one byte over 64 KB (a third as many characters) → 413', async () => {
    const over = leadOfBytes(MAX_BODY_BYTES + 1);
    expect(over.length).toBeLessThan(MAX_BODY_BYTES);
    expect((await envelope(await leadsPost(req('POST', '/leads', over), undefined))).resultCode).toBe(413);
  });

  it('exactly 64 KB is read and validated (a 400 about the message, not 413)', async () => {
    const body = await envelope(await leadsPost(req('POST', '/leads', leadOfBytes(MAX_BODY_BYTES)), undefined));
    expect(body.resultCode).toBe(400);
    expect(body.message).toContain('需求描述');
  });
});
