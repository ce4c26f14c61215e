/**
 * Admission control and the deadline (lib/server/boot/admission.mjs, docs/cluster.md#bounded-requests):
 * at most `concurrency` requests worked on, a short queue in order, a fast 503 with Retry-After past it,
 * after the longest wait, while the loop lags, and at a request's deadline — after which the handler's
 * late writes go nowhere.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { admissionGate } from '@/lib/server/boot/admission.mjs';

type FakeRes = EventEmitter & { statusCode: number; headers: Record<string, string>; body: string; writableEnded: boolean; headersSent: boolean; end(body?: string): FakeRes };

function exchange(url = '/api/v1/orders') {
  const req = { url, method: 'GET' } as IncomingMessage;
  const res = Object.assign(new EventEmitter(), { statusCode: 200, headers: {}, body: '', writableEnded: false, headersSent: false }) as FakeRes;
  Object.assign(res, {
    writeHead(status: number, headers: Record<string, string> = {}) {
      res.statusCode = status;
      res.headers = { ...res.headers, ...headers };
      res.headersSent = true;
      return res;
    },
    end(body?: string) {
      res.body += body ?? '';
      res.writableEnded = true;
      res.emit('close');
      return res;
    },
    destroy() {
      res.emit('close');
    },
  });
  return { req, res, http: res as unknown as ServerResponse };
}

const LIMITS = { concurrency: 2, queue: 1, maxWaitMs: 500, deadlineMs: 3000, retryAfterS: 1 };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('admission', () => {
  it('works on two at once, queues one in order, and answers the next 503 at once', () => {
    const gate = admissionGate(LIMITS, { lagging: () => false });
    const started: number[] = [];
    const xs = [0, 1, 2, 3].map(() => exchange());
    xs.forEach((x, i) => gate.admit(x.req, x.http, '/api/v1/orders', () => started.push(i)));
    expect(started).toEqual([0, 1]);
    expect(gate.load()).toEqual({ active: 2, waiting: 1 });
    expect(xs[3].res.statusCode).toBe(503);
    expect(xs[3].res.headers['retry-after']).toBe('1');
    expect(JSON.parse(xs[3].res.body)).toEqual({ resultCode: 503, message: '服务器繁忙，请稍后再试' });
    xs[0].res.end('done');
    expect(started).toEqual([0, 1, 2]);
  });

  it('a request that waited its longest gets the 503 and leaves the queue', () => {
    const gate = admissionGate(LIMITS, { lagging: () => false });
    const busy = [exchange(), exchange()];
    busy.forEach((x) => gate.admit(x.req, x.http, '/x', () => {}));
    const late = exchange();
    const run = vi.fn();
    gate.admit(late.req, late.http, '/x', run);
    vi.advanceTimersByTime(LIMITS.maxWaitMs);
    expect(late.res.statusCode).toBe(503);
    expect(gate.load().waiting).toBe(0);
    busy[0].res.end();
    expect(run).not.toHaveBeenCalled();
  });

  it('answers 503 请求处理超时 at the deadline, frees the slot, and drops what the handler writes later', () => {
    const gate = admissionGate({ ...LIMITS, concurrency: 1, maxWaitMs: 10_000 }, { lagging: () => false });
    const slow = exchange();
    gate.admit(slow.req, slow.http, '/api/v1/x', () => {});
    const next = exchange();
    const run = vi.fn();
    gate.admit(next.req, next.http, '/api/v1/x', run);
    vi.advanceTimersByTime(LIMITS.deadlineMs - 1);
    expect(slow.res.headersSent).toBe(false);
    vi.advanceTimersByTime(1);
    expect(slow.res.statusCode).toBe(503);
    expect(JSON.parse(slow.res.body).message).toBe('请求处理超时，请稍后再试');
    expect(run).toHaveBeenCalled();
    // Next finishing the request late: nothing throws, nothing is written.
    expect(() => {
      slow.http.setHeader('x-late', '1');
      slow.http.writeHead(200);
      slow.http.end('late');
    }).not.toThrow();
    expect(slow.res.statusCode).toBe(503);
    expect(slow.res.body).not.toContain('late');
  });

  it('sheds every counted request while the loop lags; the health check and static files pass', () => {
    const gate = admissionGate(LIMITS, { lagging: () => true });
    const page = exchange('/proc/10909');
    gate.admit(page.req, page.http, '/proc/10909', () => {});
    expect(page.res.statusCode).toBe(503);
    expect(page.res.headers['content-type']).toMatch(/text\/html/);
    expect(page.res.body).toContain('服务器繁忙');
    const run = vi.fn();
    for (const p of ['/api/v1/health', '/_next/static/chunks/a.js', '/api/v1/support/conversations/7/stream']) gate.admit(exchange(p).req, exchange(p).http, p, run);
    expect(run).toHaveBeenCalledTimes(3);
  });
});
