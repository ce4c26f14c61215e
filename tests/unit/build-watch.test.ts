import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, shouldReloadForChunk } from '@/lib/web/build-watch';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

function eventWithTarget(target: object | null): Event {
  const e = new Event('error');
  Object.defineProperty(e, 'target', { value: target });
  return e;
}

describe('isChunkLoadError', () => {
  it.each([
    ['ChunkLoadError by name', Object.assign(new Error('x'), { name: 'ChunkLoadError' })],
    ['webpack message', new Error('Loading chunk 123 failed.\n(error: http://x/_next/static/chunks/123.js)')],
    ['CSS chunk', new Error('Loading CSS chunk 7 failed.')],
    ['turbopack message', new Error('Failed to load chunk /_next/static/chunks/abc.js')],
    ['dynamic import', new TypeError('Failed to fetch dynamically imported module: http://x/_next/static/chunks/a.js')],
    ['script element error event', eventWithTarget({ src: 'http://127.0.0.1/_next/static/chunks/app.js' })],
    ['link element error event', eventWithTarget({ href: 'http://127.0.0.1/_next/static/css/app.css' })],
  ])('%s → true', (_name, reason) => {
    expect(isChunkLoadError(reason)).toBe(true);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['plain TypeError', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['network error', new TypeError('Failed to fetch')],
    ['a string', 'Loading chunk 1 failed'],
    ['image error event', eventWithTarget({ src: 'http://127.0.0.1/images/a.svg' })],
    ['event without target', eventWithTarget(null)],
  ])('%s → false', (_name, reason) => {
    expect(isChunkLoadError(reason)).toBe(false);
  });
});

describe('shouldReloadForChunk', () => {
  it('reloads at most once per 10 s', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(10_000);
    const s = memoryStorage();
    const t0 = 1_700_000_000_000;
    expect(shouldReloadForChunk(s, t0, CHUNK_RELOAD_GUARD_MS)).toBe(true);
    expect(shouldReloadForChunk(s, t0 + 1, CHUNK_RELOAD_GUARD_MS)).toBe(false);
    expect(shouldReloadForChunk(s, t0 + 9_999, CHUNK_RELOAD_GUARD_MS)).toBe(false);
    expect(shouldReloadForChunk(s, t0 + 10_000, CHUNK_RELOAD_GUARD_MS)).toBe(true);
    expect(shouldReloadForChunk(s, t0 + 19_999, CHUNK_RELOAD_GUARD_MS)).toBe(false);
    expect(shouldReloadForChunk(s, t0 + 20_000, CHUNK_RELOAD_GUARD_MS)).toBe(true);
  });

  it('a garbage stored value does not block the reload forever', () => {
    const s = memoryStorage();
    s.setItem('chunk-reload-at', 'garbage');
    // NaN comparisons are false, so the guard lets the reload through.
    expect(shouldReloadForChunk(s, 1_700_000_000_000, CHUNK_RELOAD_GUARD_MS)).toBe(true);
  });
});
