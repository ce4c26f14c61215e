/**
 * Tells the page cache that catalog data changed. Stock moves with every order and cancellation,
 * so the product pages showing it are revalidated (the next request renders fresh). Outside a
 * request (the sweep's timer) Next's revalidateTag has no context to work in: the tags then go
 * straight to the cache handler (lib/server/cache/cache-handler.mjs), which marks them here and, on a
 * cluster, for every instance.
 */
import { revalidateTag } from 'next/cache';
import { CACHE_TAGS } from './cache-tags';
import { log } from '../log';

type ExpireTags = (tags: string[]) => Promise<void>;
const EXPIRE_TAGS = Symbol.for('liangdun.expireTags');

function expire(tags: string[]): void {
  try {
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
  } catch (err) {
    const direct = (globalThis as { [EXPIRE_TAGS]?: ExpireTags })[EXPIRE_TAGS];
    if (!direct) {
      log.debug({ err: String(err), tags }, 'revalidate before the cache handler exists');
      return;
    }
    direct(tags).catch((e: unknown) => log.warn({ err: String(e), tags }, 'revalidate outside a request failed'));
  }
}

export function productsChanged(productIds: Iterable<number>): void {
  expire([...new Set(productIds)].map((id) => CACHE_TAGS.product(id)));
}

/** The product pages and every cached list (home, categories, /ProductList, landing prices, sitemap). */
export function productsAndListsChanged(productIds: Iterable<number>): void {
  expire([...[...new Set(productIds)].map((id) => CACHE_TAGS.product(id)), CACHE_TAGS.catalog]);
}

/** 同义词 changed: every cached search (its list and its page) is worked out again on its next request. */
export function searchChanged(): void {
  expire([CACHE_TAGS.search]);
}
