/** The ids of products on sale, remembered for a few seconds (proxy.ts asks on every /proc/{id}). */
import { listProductIdsForSitemap } from './services/catalog';

const TTL_MS = 5_000;
let cached: { at: number; ids: Promise<Set<number>> } | null = null;

export async function productIdExists(id: number): Promise<boolean> {
  const now = Date.now();
  if (!cached || now - cached.at > TTL_MS) {
    const ids = listProductIdsForSitemap().then((rows) => new Set(rows.map((r) => r.id)));
    cached = { at: now, ids };
    ids.catch(() => {
      cached = null;
    });
  }
  return (await cached.ids).has(id);
}
