/**
 * What proxy.ts asks on every catalog request, remembered for a few seconds: the ids of products on
 * sale (/proc/{id}) and the category slugs (the cached /ProductList pages). An operator's catalog
 * change forgets them at once (catalogChanged → forgetProductIds): proxy.ts and the route handlers are
 * separate module instances in one process, so the mark lives on globalThis. Other instances of a
 * cluster notice within TTL_MS.
 */
import { listCategories, listProductIdsForSitemap } from './catalog';

const TTL_MS = 5_000;
type Global = typeof globalThis & { __shopProductIdsVersion?: number };
const g = globalThis as Global;

/** `load` again when the mark moved or TTL_MS passed; a failed load is not kept. */
function remembered<T>(load: () => Promise<T>): () => Promise<T> {
  let cached: { at: number; version: number; value: Promise<T> } | null = null;
  return () => {
    const now = Date.now();
    const version = g.__shopProductIdsVersion ?? 0;
    if (!cached || cached.version !== version || now - cached.at > TTL_MS) {
      const value = load();
      cached = { at: now, version, value };
      value.catch(() => {
        cached = null;
      });
    }
    return cached.value;
  };
}

const productIds = remembered(async () => new Set((await listProductIdsForSitemap()).map((r) => r.id)));
const categorySlugs = remembered(async () => new Set((await listCategories()).map((c) => c.slug)));

export async function productIdExists(id: number): Promise<boolean> {
  return (await productIds()).has(id);
}

export async function categorySlugExists(slug: string): Promise<boolean> {
  return (await categorySlugs()).has(slug);
}

/** A product went on or off sale (or was added): the next question asks the database. */
export function forgetProductIds(): void {
  g.__shopProductIdsVersion = (g.__shopProductIdsVersion ?? 0) + 1;
}
