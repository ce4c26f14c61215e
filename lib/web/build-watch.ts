/** Pure helpers of the new-build watch and the chunk-failure reload guard (unit-tested), and their timings (docs/rules.md#build-polling, docs/rules.md#chunk-reload). */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const BUILD_POLL_INTERVAL_MS = 60_000;
export const BUILD_LATEST_PATH = '/builds/latest.json';

const KEY = 'chunk-reload-at';

export function isChunkLoadError(reason: unknown): boolean {
  if (!reason) return false;
  if (typeof Event !== 'undefined' && reason instanceof Event) {
    const t = reason.target as HTMLScriptElement | HTMLLinkElement | null;
    const src = (t && ('src' in t ? t.src : 'href' in t ? t.href : '')) || '';
    return src.includes('/_next/static/');
  }
  const e = reason as { name?: string; message?: string };
  return e.name === 'ChunkLoadError' || /Loading (CSS )?chunk .* failed|Failed to load chunk|Failed to fetch dynamically imported module/i.test(e.message ?? '');
}

/** True at most once per `guardMs`: remembers the last reload in sessionStorage. */
export function shouldReloadForChunk(storage: Pick<Storage, 'getItem' | 'setItem'>, now: number, guardMs: number): boolean {
  const last = Number(storage.getItem(KEY) || 0);
  if (now - last < guardMs) return false;
  storage.setItem(KEY, String(now));
  return true;
}
