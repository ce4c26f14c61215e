/**
 * A search counted in the query log: once per request of the results page's beacon, found or not.
 *
 * A search counted in the query log (docs/decisions/search.md#the-query-log): the results page is
 * cached (in Next and in the server's page cache), so it cannot count; its beacon, POST /search/log,
 * does, once per page shown. Whether the search found anything is read from the same cached list the
 * page showed. Nothing about the shopper is passed or kept.
 */
import 'server-only';
import { logSearch } from '../modules/search';
import { cachedProductList } from '../views/product-cards-cached';

export async function countSearch(q: string): Promise<{ found: boolean }> {
  const list = await cachedProductList({ q });
  const found = list.total > 0;
  await logSearch(q, found);
  return { found };
}
