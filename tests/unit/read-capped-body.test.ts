/** readCappedBody: bytes counted as they arrive, the stream cancelled at the cap, UTF-8 decoded at the end. */
import { describe, expect, it } from 'vitest';
import { readCappedBody } from '@/lib/server/http/envelope';

/** A POST whose body arrives in these pieces (no content-length), and what the reader did to it. */
function streamed(pieces: Uint8Array[]) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(c) {
        if (seen.pulled === pieces.length) return c.close();
        c.enqueue(pieces[seen.pulled++]);
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { req: new Request('http://shop.test/x', { method: 'POST', body, duplex: 'half' } as RequestInit), seen };
}

const bytes = (...b: number[]) => new Uint8Array(b);
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('readCappedBody', () => {
  it('joins the pieces before decoding: a character split between two chunks stays whole', async () => {
    const all = utf8('{"n":"量盾"}');
    const { req } = streamed([all.slice(0, 7), all.slice(7, 9), all.slice(9)]);
    expect(await readCappedBody(req)).toBe('{"n":"量盾"}');
  });

  it('reads exactly the cap; one byte more is null, and the stream is cancelled there', async () => {
    expect(await readCappedBody(streamed([utf8('abcd'), utf8('ef')]).req, 6)).toBe('abcdef');
    const { req, seen } = streamed([utf8('abcd'), utf8('efg'), utf8('h'), utf8('i')]);
    expect(await readCappedBody(req, 6)).toBeNull();
    expect(seen).toEqual({ pulled: 2, cancelled: true });
  });

  it('counts bytes, not characters', async () => {
    expect(await readCappedBody(streamed([utf8('量量')]).req, 6)).toBe('量量');
    expect(await readCappedBody(streamed([utf8('量量x')]).req, 6)).toBeNull();
  });

  it('refuses by content-length without reading', async () => {
    const req = new Request('http://shop.test/x', { method: 'POST', body: 'ab', headers: { 'content-length': '7' } });
    expect(await readCappedBody(req, 6)).toBeNull();
    expect(req.bodyUsed).toBe(false);
  });

  it('invalid UTF-8 becomes U+FFFD and a leading BOM is dropped, as Request.text() does', async () => {
    const raw = bytes(0xef, 0xbb, 0xbf, 0x61, 0xff, 0xc3, 0x28);
    expect(await readCappedBody(streamed([raw]).req)).toBe(await new Request('http://x', { method: 'POST', body: raw }).text());
    expect(await readCappedBody(streamed([raw]).req)).toBe('a\ufffd\ufffd(');
  });

  it('no body is the empty string', async () => {
    expect(await readCappedBody(new Request('http://shop.test/x', { method: 'POST' }))).toBe('');
  });
});
