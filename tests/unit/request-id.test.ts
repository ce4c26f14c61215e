/**
 * Request ids (docs/cluster.md#request-ids): every request gets one, adopted from X-Request-Id only when
 * a trusted proxy sent it, and every log line written while the request is handled carries it — the
 * error line of a 500 above all, so an operator finds the failed request's line in the access log.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestIdOf, withRequestId } from '@/lib/server/boot/request-context.mjs';

const lines = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock('@/lib/server/log', async (original) => {
  const m = await original<typeof import('@/lib/server/log')>();
  const out = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  return { ...m, log: m.createLog(out, 'info') };
});

const { handle } = await import('@/lib/server/http/envelope');
const { log } = await import('@/lib/server/log');

function fakeRequest(peer: string, id?: string) {
  const headers: Record<string, string> = id ? { 'x-request-id': id } : {};
  const sent: Record<string, string> = {};
  const req = { headers, socket: { remoteAddress: peer } } as unknown as IncomingMessage;
  const res = { setHeader: (k: string, v: string) => (sent[k] = v) } as unknown as ServerResponse;
  return { req, res, sent, headers };
}

afterEach(() => {
  lines.length = 0;
  vi.unstubAllEnvs();
});

describe('request ids', () => {
  it('adopts X-Request-Id from a trusted proxy only, and sends the id back', () => {
    vi.stubEnv('TRUST_PROXY', '127.0.0.1/32');
    const nginx = fakeRequest('127.0.0.1', '0123456789abcdef0123456789abcdef');
    expect(requestIdOf(nginx.req, nginx.res)).toBe('0123456789abcdef0123456789abcdef');
    expect(nginx.sent['x-request-id']).toBe('0123456789abcdef0123456789abcdef');
    const outsider = fakeRequest('203.0.113.9', '0123456789abcdef0123456789abcdef');
    const made = requestIdOf(outsider.req, outsider.res);
    expect(made).not.toBe('0123456789abcdef0123456789abcdef');
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect(outsider.headers['x-request-id']).toBe(made);
    // A trusted proxy's id of a shape a log could be fooled by is not taken either.
    const odd = fakeRequest('127.0.0.1', 'evil"\n{"level":60}');
    expect(requestIdOf(odd.req, odd.res)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a 500's error line carries the request's id; a line outside any request carries none", async () => {
    const route = handle(async () => {
      await new Promise((r) => setTimeout(r, 5));
      throw new Error('the database went away');
    });
    const res = await withRequestId('req-7f3a9c21', () => route(new Request('http://shop.test/api/v1/x'), undefined as never));
    expect(res.status).toBe(500);
    expect((await res.json()).message).toBe('服务器开小差了，请稍后再试');
    const error = lines.find((l) => l.msg === 'unhandled api error');
    expect(error?.reqId).toBe('req-7f3a9c21');
    log.info('between requests');
    expect(lines.find((l) => l.msg === 'between requests')).not.toHaveProperty('reqId');
  });
});
