/**
 * The access log (lib/server/boot/access-log.mjs, docs/cluster.md#access-log): one JSON line per request
 * with its id, route pattern (never the path), status, time and the client as TRUST_PROXY says; daily
 * files kept as long as docs/privacy.md promises, and no longer.
 */
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessLog, pruneAccessLogs } from '@/lib/server/boot/access-log.mjs';

afterEach(() => vi.unstubAllEnvs());

describe('access log', () => {
  it('writes one line per request: id, method, route pattern, status, ms and the client behind a trusted proxy', async () => {
    vi.stubEnv('TRUST_PROXY', '127.0.0.1/32');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'access-'));
    const log = accessLog({ target: 'file', dir, keepDays: 186, routeOf: (p) => (p.startsWith('/api/v1/orders/') ? '/api/v1/orders/[orderNo]' : p) });
    const req = { method: 'GET', url: '/api/v1/orders/202611270001?token=secret', headers: { 'x-forwarded-for': '203.0.113.7' }, socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage;
    const res = Object.assign(new EventEmitter(), { statusCode: 404, writableFinished: true }) as unknown as ServerResponse;
    log.record(req, res, 'req-1');
    res.emit('close');
    await new Promise((r) => setTimeout(r, 50));
    const [file] = readdirSync(dir);
    expect(file).toMatch(/^access-\d{4}-\d{2}-\d{2}\.log$/);
    const text = readFileSync(path.join(dir, file), 'utf8');
    expect(text).not.toContain('202611270001');
    expect(text).not.toContain('secret');
    const line = JSON.parse(text.trim());
    expect(line).toMatchObject({ id: 'req-1', method: 'GET', route: '/api/v1/orders/[orderNo]', status: 404, ip: '203.0.113.7' });
    expect(typeof line.ms).toBe('number');
    expect(Date.parse(line.time)).not.toBeNaN();
  });

  it('keeps six months of daily files and deletes older ones', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'access-'));
    const now = Date.parse('2026-11-27T12:00:00Z');
    for (const day of ['2026-05-20', '2026-05-25', '2026-05-27', '2026-11-27']) writeFileSync(path.join(dir, `access-${day}.log`), '{}\n');
    writeFileSync(path.join(dir, 'notes.txt'), 'not a log');
    pruneAccessLogs(dir, 186, now);
    expect(readdirSync(dir).sort()).toEqual(['access-2026-05-25.log', 'access-2026-05-27.log', 'access-2026-11-27.log', 'notes.txt']);
    // Six calendar months before 2026-11-27 is 2026-05-27: its file is still there.
    expect(existsSync(path.join(dir, 'access-2026-05-27.log'))).toBe(true);
  });
});
