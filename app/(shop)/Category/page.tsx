import Link from 'next/link';
import { CategoryChips } from '@/components/catalog/category-chips';
import { ProductGrid } from '@/components/product/product-grid';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Pagination } from '@/components/ui/pagination';
import { flatQuery, type PageQuery } from '@/lib/web/page-query';
import { withQuery } from '@/lib/web/query-string';
import { cachedCategories } from '@/lib/server/modules/catalog';
import { cachedProductList } from '@/lib/server/views/product-cards-cached';
import { routeMetadata } from '@/lib/seo/metadata';
import { parseListQuery } from '@/lib/validation/catalog';

export const metadata = routeMetadata('/Category');

type Props = { searchParams: Promise<PageQuery> };

/** Browse by category: one category at a time (the first when none is chosen). */
export default async function CategoryPage({ searchParams }: Props) {
  const { query } = parseListQuery(flatQuery(await searchParams));
  const categories = await cachedCategories();
  const active = categories.find((c) => c.slug === query.category) ?? categories[0];
  const list = await cachedProductList({ ...query, q: undefined, category: active?.slug });
  return (
    <>
      <Breadcrumbs path="/Category" />
      <h1>商品分类</h1>
      <CategoryChips categories={categories} active={active?.slug} href={(slug) => withQuery('/Category', { category: slug })} />
      {active ? (
        <section className="section" aria-labelledby="cat-title">
          <div className="section-title">
            <h2 id="cat-title">{active.name}</h2>
            <Link href={withQuery('/ProductList', { category: active.slug })}>在全部商品中查看</Link>
          </div>
          <p className="muted">{active.description}</p>
          <ProductGrid products={list.items} columns={3} firstRow />
          <Pagination page={list.page} pageSize={list.pageSize} total={list.total} href={(page) => withQuery('/Category', { category: active.slug, page: page > 1 ? page : undefined })} />
        </section>
      ) : null}
    </>
  );
}
