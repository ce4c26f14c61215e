/**
 * The catalog as pages show it: the same reads, cached under the tags of cache-tags.ts so an
 * operator's change (revalidateTag) reaches every page that shows the product on the next request.
 */
import 'server-only';
import { unstable_cache } from 'next/cache';
import { BEST_SELLERS_SHOWN, SALES_REFRESH_SECONDS, SEARCH_SUGGESTIONS_SHOWN } from '../../../constants';
import { productQuerySchema } from '../../../validation/catalog';
import { CACHE_TAGS } from '../../cache/cache-tags';
import { iso } from '../../iso';
import * as catalog from './catalog';

const tags = [CACHE_TAGS.catalog];

export const cachedCategories = unstable_cache(catalog.listCategories, ['categories'], {
  tags: [...tags, CACHE_TAGS.categories],
});
/**
 * Every list's cards carry 已售 and the review counts, which orders and reviews change without
 * touching the catalog: recounted at most this often (docs/rules.md#search); a catalog change at once.
 */
const sales = { tags, revalidate: SALES_REFRESH_SECONDS };
export const cachedFeaturedProducts = unstable_cache(catalog.listFeaturedProducts, ['featured'], sales);
export const cachedProductsByIds = unstable_cache(catalog.listProductsByIds, ['products-by-ids'], sales);
export const cachedProductsInCategory = unstable_cache(catalog.listProductsInCategory, ['products-in-category'], sales);
const productList = unstable_cache(catalog.listProducts, ['product-list'], sales);
/**
 * The query is parsed before it becomes the cache key (a search normalised, bad fields refused), so
 * parameters nobody reads cannot fill the cache and one search spelt two ways is one entry.
 */
export const cachedProductList = (query: unknown) => productList(productQuerySchema.parse(query));
export const cachedBestSellers = unstable_cache(() => catalog.listBestSellers(BEST_SELLERS_SHOWN), ['best-sellers'], sales);
export const cachedSearchSuggestions = unstable_cache(() => catalog.listSearchSuggestions(SEARCH_SUGGESTIONS_SHOWN), ['search-suggestions'], {
  ...sales,
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
