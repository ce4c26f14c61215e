/**
 * The catalog as pages show it: the same reads, cached under the tags of cache-tags.ts so an
 * operator's change (revalidateTag) reaches every page that shows the product on the next request.
 * The product lists' cache is views/product-cards-cached.ts.
 */
import 'server-only';
import { unstable_cache } from 'next/cache';
import { CACHE_TAGS } from '../../cache/cache-tags';
import { iso } from '../../iso';
import * as catalog from './catalog';
import { listSearchVocabulary } from './search-words';

const tags = [CACHE_TAGS.catalog];

export const cachedCategories = unstable_cache(catalog.listCategories, ['categories'], {
  tags: [...tags, CACHE_TAGS.categories],
});
export const cachedSitemapProducts = unstable_cache(
  async () => (await catalog.listProductIdsForSitemap()).map((p) => ({ id: p.id, updatedAt: iso(p.updatedAt) })),
  ['sitemap-products'],
  { tags },
);

export function cachedProduct(id: number) {
  return unstable_cache(() => catalog.getProduct(id), ['product', String(id)], {
    tags: [...tags, CACHE_TAGS.product(id)],
  })();
}

/**
 * The words of the on-sale products, for a search's corrections. `stamp` names one reading, so what is
 * derived from it (the pinyin of every word) is worked out once per reading, not once per search.
 */
export const cachedSearchVocabulary = unstable_cache(async () => ({ stamp: `${Date.now()}-${Math.random()}`, words: await listSearchVocabulary() }), ['search-vocabulary'], { tags });
