import { CategoryChips } from '@/components/catalog/category-chips';
import { ProductGrid } from '@/components/product/product-grid';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Pagination } from '@/components/ui/pagination';
import { SearchForm } from '@/components/layout/search-form';
import { withQuery } from '@/lib/query-string';
import { cachedCategories, cachedProductList } from '@/lib/server/services/catalog-cached';
import type { ProductQuery } from '@/lib/validation/catalog';

/** /ProductList as both its routes render it: per request (a search) and cached (category and page). */
export async function ProductListView({ query }: { query: ProductQuery }) {
  const [categories, list] = await Promise.all([cachedCategories(), cachedProductList(query)]);
  const active = categories.find((c) => c.slug === query.category);
  const href = (over: { category?: string; page?: number }) =>
    withQuery('/ProductList', { category: 'category' in over ? over.category : query.category, q: query.q, page: over.page && over.page > 1 ? over.page : undefined });
  return (
    <>
      <Breadcrumbs path="/ProductList" />
      <div className="spread">
        <h1>{query.q ? `搜索“${query.q}”` : active ? active.name : '全部商品'}</h1>
        <div className="mobile-only">
          <SearchForm id="list-search" />
        </div>
      </div>
      <p className="muted">{active ? active.description : '量子加密耳机、头戴耳机、移动硬盘与量子安全订阅服务，官方直营。'}</p>
      <CategoryChips categories={categories} active={query.category} href={(slug) => href({ category: slug, page: 1 })} />
      <p className="small muted" aria-live="polite">
        共 {list.total} 件商品
      </p>
      <ProductGrid products={list.items} />
      <Pagination page={list.page} pageSize={list.pageSize} total={list.total} href={(page) => href({ page })} />
    </>
  );
}
