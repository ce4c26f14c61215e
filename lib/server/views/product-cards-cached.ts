/**
 * The product lists as pages show them: product-cards.ts's reads, cached under the catalog's tag.
 *
 * The product lists as pages show them: views/product-cards.ts's reads, cached under the catalog's tag
 * (cache-tags.ts) so an operator's change reaches every list on the next request. Every list's cards
 * carry 已售 and the review counts, which orders and reviews change without touching the catalog:
 * recounted at most every SALES_REFRESH_SECONDS (docs/rules.md#search); a catalog change at once.
 */
import 'server-only';
import { unstable_cache } from 'next/cache';
import { BEST_SELLERS_SHOWN, SALES_REFRESH_SECONDS, SEARCH_SUGGESTIONS_SHOWN } from '../../domain/catalog-rules';
import { productQuerySchema } from '../../validation/catalog';
import { CACHE_TAGS } from '../cache/cache-tags';
import * as cards from './product-cards';
import { POPULAR_QUERIES_SHOWN, POPULAR_REFRESH_SECONDS } from '../../domain/search-words';
import { listPopularQueries } from '../modules/search';
import { suggestSearch } from './search-suggest';

const tags = [CACHE_TAGS.catalog];
const sales = { tags, revalidate: SALES_REFRESH_SECONDS };

export const cachedFeaturedProducts = unstable_cache(cards.listFeaturedProducts, ['featured'], sales);
export const cachedProductsByIds = unstable_cache(cards.listProductsByIds, ['products-by-ids'], sales);
export const cachedProductsInCategory = unstable_cache(cards.listProductsInCategory, ['products-in-category'], sales);
// A search reads the synonyms too: their tag re-runs it when the operator changes one.
const productList = unstable_cache(cards.listProducts, ['product-list'], { ...sales, tags: [...tags, CACHE_TAGS.search] });
/**
 * The query is parsed before it becomes the cache key (a search normalised, bad fields refused), so
 * parameters nobody reads cannot fill the cache and one search spelt two ways is one entry.
 */
export const cachedProductList = (query: unknown) => productList(productQuerySchema.parse(query));
export const cachedBestSellers = unstable_cache(() => cards.listBestSellers(BEST_SELLERS_SHOWN), ['best-sellers'], sales);
export const cachedSearchSuggestions = unstable_cache(() => cards.listSearchSuggestions(SEARCH_SUGGESTIONS_SHOWN), ['search-suggestions'], {
  ...sales,
  tags: [...tags, CACHE_TAGS.categories],
});

/** The search box's suggestions for one prefix (views/search-suggest.ts). */
export const cachedSuggestions = unstable_cache(suggestSearch, ['search-suggest'], { ...sales, tags: [...tags, CACHE_TAGS.search] });

/**
 * 热门搜索: the query log's most asked searches that found something (docs/rules.md#search), topped up,
 * while the log is young, with the words of the best sellers' names. Recounted every POPULAR_REFRESH_SECONDS.
 */
export const cachedPopularSearches = unstable_cache(
  async () => {
    const logged = await listPopularQueries(POPULAR_QUERIES_SHOWN);
    if (logged.length >= POPULAR_QUERIES_SHOWN) return logged;
    const { terms } = await cards.listSearchSuggestions(POPULAR_QUERIES_SHOWN);
    return [...new Set([...logged, ...terms])].slice(0, POPULAR_QUERIES_SHOWN);
  },
  ['popular-searches'],
  { tags: [...tags, CACHE_TAGS.categories], revalidate: POPULAR_REFRESH_SECONDS },
);
