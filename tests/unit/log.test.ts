/**
 * The logger's one redaction rule (lib/server/log.ts `scrub`): whatever is logged, no bytes a client
 * sent and no query parameters are written out. A failed insert of a 4.9 MB photo once wrote every
 * byte as a decimal into the log (Drizzle puts the parameters in the error's message).
 */
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLog } from '@/lib/server/log';

function capture() {
  const lines: string[] = [];
  const out = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { log: createLog(out, 'info'), lines };
}

/** A PNG's first bytes and then 4.9 MB: what the upload carried. */
const photo = Buffer.alloc(4.9 * 1024 * 1024, 7);
photo.set([137, 80, 78, 71, 13, 10, 26, 10]);
const BYTES_AS_TEXT = /137,80,78,71|7,7,7,7|\b7 7 7\b/;

function failedInsert() {
  const cause = Object.assign(new Error('value "4294967295" is out of range for type integer'), { code: '22003', severity: 'ERROR' });
  return new DrizzleQueryError('insert into "uploads" ("id", "user_id", "bytes") values ($1, $2, $3)', ['a'.repeat(32), 7, photo], cause);
}

describe('log redaction', () => {
  it('a database error carrying a 4.9 MB Buffer parameter: a short line with the query and the cause, no byte of the photo', () => {
    const { log, lines } = capture();
    const err = failedInsert();
    log.error({ err }, 'unhandled api error');
    log.error(err);
    log.warn({ err: String(err) }, 'sweep failed');
    log.error({ err: { name: err.name, message: err.message, stack: err.stack } }, 'unhandled api error');
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      expect(line.length).toBeLessThan(10_000);
      expect(line).not.toMatch(BYTES_AS_TEXT);
      expect(line).toContain('insert into \\"uploads\\"');
      expect(line).toContain('params: [redacted]');
    }
    const first = JSON.parse(lines[0]);
    expect(first).toMatchObject({ level: 50, msg: 'unhandled api error', err: { type: 'DrizzleQueryError', cause: { message: 'value "4294967295" is out of range for type integer' } } });
    expect(first.err.params).toBeUndefined();
    expect(first.err.stack).toMatch(/^Error: Failed query: insert into "uploads"[^]*params: \[redacted\]\n {4}at /);
    expect(JSON.parse(lines[1]).msg).toBe('Failed query: insert into "uploads" ("id", "user_id", "bytes") values ($1, $2, $3)\nparams: [redacted]');
  });

  it('bytes, request bodies and parameter lists anywhere in a line are left out; other fields stay', () => {
    const { log, lines } = capture();
    log.info({ upload: { bytes: photo, sizeBytes: photo.length }, body: '{"phone":"13800138000"}', params: ['x'], photo, view: new Uint8Array(photo), userId: 7 }, 'upload seen');
    const line = JSON.parse(lines[0]);
    expect(lines[0].length).toBeLessThan(1000);
    expect(lines[0]).not.toMatch(BYTES_AS_TEXT);
    expect(line).toMatchObject({ msg: 'upload seen', userId: 7, upload: { bytes: '[redacted]', sizeBytes: photo.length }, body: '[redacted]', params: '[redacted]' });
    expect(line.photo).toBe(`[${photo.length} bytes]`);
    expect(line.view).toBe(`[${photo.length} bytes]`);
  });
});
