import Link from 'next/link';
import { CategoryChips } from '@/components/catalog/category-chips';
import { ProductGrid } from '@/components/product/product-grid';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Pagination } from '@/components/ui/pagination';
import { SearchForm } from '@/components/layout/search-form';
import { cachedCategories } from '@/lib/server/modules/catalog';
import { cachedProductList } from '@/lib/server/views/product-cards-cached';
import type { ProductQuery } from '@/lib/validation/catalog';
import { withQuery } from '@/lib/web/query-string';
import { listHref } from './list-href';
import { SearchBeacon } from './search-beacon';
import { NoResults } from './no-results';
import { PriceFilter } from './price-filter';
import { SortBar } from './sort-bar';

/**
 * /ProductList as both its routes render it: per request (a search, a sort, a price range) and cached
 * (category and page). `error`: what the page had to leave out of its query (parseListQuery). A search
 * marks its matched words on the cards, says 「您是不是要找：…」 when it was corrected, and is counted
 * by the page's beacon.
 */
export async function ProductListView({ query, error }: { query: ProductQuery; error?: string }) {
  const [categories, list] = await Promise.all([cachedCategories(), cachedProductList(query)]);
  const active = categories.find((c) => c.slug === query.category);
  const filtered = Boolean(query.category || query.minPrice || query.maxPrice);
  return (
    <>
      <Breadcrumbs path="/ProductList" />
      <SearchForm id="list-search" value={query.q} className="mobile-only search-form-wide" />
      <h1>{query.q ? `搜索“${query.q}”` : active ? active.name : '全部商品'}</h1>
      {list.didYouMean ? (
        <p className="did-you-mean">
          您是不是要找：
          <Link href={withQuery('/ProductList', { q: list.didYouMean })} prefetch={false}>
            {list.didYouMean}
          </Link>
          <span className="small muted">（以下是“{list.didYouMean}”的搜索结果）</span>
        </p>
      ) : null}
      {/* A search is counted on its first page as typed: turning a page, sorting or a price range is the same search. */}
      {query.q && query.page === 1 && !query.sort && !query.minPrice && !query.maxPrice ? <SearchBeacon key={query.q} q={query.q} /> : null}
      {query.q ? null : <p className="muted">{active ? active.description : '量子加密耳机、头戴耳机、移动硬盘与量子安全订阅服务，官方直营。'}</p>}
      <CategoryChips categories={categories} active={query.category} href={(slug) => listHref(query, { category: slug })} />
      <div className="list-tools">
        <SortBar query={query} />
        <PriceFilter query={query} />
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}（已忽略这一项）
        </p>
      ) : null}
      <p className="small muted" aria-live="polite">
        共 {list.total} 件商品
      </p>
      {list.total === 0 ? <NoResults q={query.q} filtered={filtered} /> : <ProductGrid products={list.items} firstRow headingLevel={2} highlight={list.highlight} />}
      <Pagination page={list.page} pageSize={list.pageSize} total={list.total} href={(page) => listHref(query, { page })} />
    </>
  );
}
