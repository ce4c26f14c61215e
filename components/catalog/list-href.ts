import { withQuery } from '@/lib/web/query-string';
import type { ProductQuery } from '@/lib/validation/catalog';

type ListParams = Pick<ProductQuery, 'category' | 'q' | 'sort' | 'minPrice' | 'maxPrice'> & { page?: number };

/**
 * A /ProductList address: the current list with some of its parameters changed. Any change but the
 * page starts again at page 1; the default sort and page 1 stay out of the address, so a plain
 * category list keeps the address proxy.ts serves from the cache (lib/web/catalog-list-path.ts).
 */
export function listHref(current: ProductQuery, over: Partial<ListParams>): string {
  const p: ListParams = { category: current.category, q: current.q, sort: current.sort, minPrice: current.minPrice, maxPrice: current.maxPrice, ...over };
  if (!('page' in over)) p.page = undefined;
  return withQuery('/ProductList', { category: p.category, q: p.q, sort: p.sort, minPrice: p.minPrice, maxPrice: p.maxPrice, page: p.page && p.page > 1 ? p.page : undefined });
}
