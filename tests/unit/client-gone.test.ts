/**
 * A client that closes the connection while its body is read (the browser tab closed, the network
 * lost) is not a server fault: the API wrapper logs it at info without a stack, never at error.
 * Anything else that goes wrong still is an error with its stack.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handle, readJson } from '@/lib/server/http/envelope';
import { log } from '@/lib/server/log';

/** A POST whose body sends a piece, then fails as Node's request stream does when the socket closes. */
function droppedMidBody(error: Error): Request {
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (!sent) {
        sent = true;
        c.enqueue(new TextEncoder().encode('{"name":"张'));
      } else c.error(error);
    },
  });
  return new Request('http://shop.test/api/v1/leads', { method: 'POST', body, headers: { 'x-requested-with': 'XMLHttpRequest' }, duplex: 'half' } as RequestInit);
}

const route = handle(async (req) => Response.json(await readJson(req)));

afterEach(() => vi.restoreAllMocks());

describe('a client that goes away', () => {
  it.each([
    ['aborted (ECONNRESET)', Object.assign(new Error('aborted'), { code: 'ECONNRESET' })],
    ['AbortError', new DOMException('This operation was aborted', 'AbortError') as unknown as Error],
  ])('%s while the body is read: one info line without a stack, no error', async (_, error) => {
    const info = vi.spyOn(log, 'info');
    const failed = vi.spyOn(log, 'error');
    const res = await route(droppedMidBody(error), undefined);
    expect(res.status).toBe(400);
    expect(failed).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledTimes(1);
    const [fields, msg] = info.mock.calls[0] as unknown as [Record<string, unknown>, string];
    expect(msg).toBe('client went away');
    expect(fields).toMatchObject({ method: 'POST', path: '/api/v1/leads' });
    expect(JSON.stringify(fields)).not.toMatch(/\n\s+at /);
  });

  it('any other failure is still an error, logged with its stack, answered 500', async () => {
    const failed = vi.spyOn(log, 'error');
    const res = await handle(async () => {
      throw new TypeError('boom');
    })(new Request('http://shop.test/api/v1/x'), undefined);
    expect(res.status).toBe(500);
    expect(failed).toHaveBeenCalledTimes(1);
    expect((failed.mock.calls[0][0] as { err: Error }).err.stack).toMatch(/TypeError: boom\n\s+at /);
  });
});
