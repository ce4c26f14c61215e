/**
 * nginx's access log on the cluster (scripts/cluster/access-log.mjs, docs/cluster.md#the-fronts-access-log): the
 * day's file is renamed by day and nginx told to reopen it; rotated files are kept the six months
 * docs/privacy.md promises (never fewer than 184 days) and removed after, and nothing else is touched.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

// A plain .mjs script without declarations: typed here as the test uses it.
type AccessLog = {
  rotateAccessLog: (file: string, day: string, reopen: () => void, now?: Date) => string | null;
  pruneAccessLogs: (file: string, now?: Date, keepDays?: number) => string[];
};
const ACCESS_LOG = '../../scripts/cluster/access-log.mjs';
const { rotateAccessLog, pruneAccessLogs } = (await import(ACCESS_LOG)) as AccessLog;

function dir() {
  const d = mkdtempSync(path.join(tmpdir(), 'access-log-'));
  return { d, file: path.join(d, 'access-8080.log') };
}

describe('access log rotation', () => {
  it('renames the day’s file and asks nginx to reopen it; a second rotation that day does not overwrite the first', () => {
    const { d, file } = dir();
    const reopen = vi.fn();
    writeFileSync(file, '{"status":200}\n');
    expect(rotateAccessLog(file, '2026-11-27', reopen)).toBe(path.join(d, 'access-8080-2026-11-27.log'));
    expect(reopen).toHaveBeenCalledTimes(1);
    expect(existsSync(file)).toBe(false);
    writeFileSync(file, '{"status":404}\n');
    expect(rotateAccessLog(file, '2026-11-27', reopen)).toBe(path.join(d, 'access-8080-2026-11-27.1.log'));
    expect(readFileSync(path.join(d, 'access-8080-2026-11-27.log'), 'utf8')).toBe('{"status":200}\n');
  });

  it('leaves an empty log alone and does not signal nginx', () => {
    const { file } = dir();
    const reopen = vi.fn();
    writeFileSync(file, '');
    expect(rotateAccessLog(file, '2026-11-27', reopen)).toBeNull();
    expect(reopen).not.toHaveBeenCalled();
  });

  it('keeps the days it is told (184: six months at the least) of rotated files and removes older ones, touching no other file', () => {
    const { d, file } = dir();
    const now = new Date(2026, 10, 27, 12);
    for (const name of ['access-8080-2026-05-27.log', 'access-8080-2026-05-26.log', 'access-8080-2025-01-01.3.log', 'access-8081-2020-01-01.log', 'notes.log'])
      writeFileSync(path.join(d, name), 'x');
    const removed = pruneAccessLogs(file, now, 184).map((f) => path.basename(f)).sort();
    expect(removed).toEqual(['access-8080-2025-01-01.3.log', 'access-8080-2026-05-26.log']);
    expect(readdirSync(d).sort()).toEqual(['access-8080-2026-05-27.log', 'access-8081-2020-01-01.log', 'notes.log']);
  });
});
