/**
 * The ids of products on sale, remembered for a few seconds (proxy.ts asks on every /proc/{id}).
 * An operator's catalog change forgets them at once (catalogChanged → forgetProductIds): proxy.ts and
 * the route handlers are separate module instances in one process, so the mark lives on globalThis.
 */
import { listProductIdsForSitemap } from './services/catalog';

const TTL_MS = 5_000;
type Global = typeof globalThis & { __shopProductIdsVersion?: number };
const g = globalThis as Global;
let cached: { at: number; version: number; ids: Promise<Set<number>> } | null = null;

export async function productIdExists(id: number): Promise<boolean> {
  const now = Date.now();
  const version = g.__shopProductIdsVersion ?? 0;
  if (!cached || cached.version !== version || now - cached.at > TTL_MS) {
    const ids = listProductIdsForSitemap().then((rows) => new Set(rows.map((r) => r.id)));
    cached = { at: now, version, ids };
    ids.catch(() => {
      cached = null;
    });
  }
  return (await cached.ids).has(id);
}

/** A product went on or off sale (or was added): the next productIdExists asks the database. */
export function forgetProductIds(): void {
  g.__shopProductIdsVersion = (g.__shopProductIdsVersion ?? 0) + 1;
}
