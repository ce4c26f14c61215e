import { ProductListView } from '@/components/catalog/product-list-view';
import { flatQuery, type PageQuery } from '@/lib/web/page-query';
import { routeMetadata } from '@/lib/seo/metadata';
import { parseListQuery } from '@/lib/validation/catalog';

export const metadata = routeMetadata('/ProductList');

type Props = { searchParams: Promise<PageQuery> };

/**
 * A search, a sort, a price range (or another page size) renders per request; category lists come from
 * ./cached (lib/web/catalog-list-path.ts). A refused sort or price is left out and said on the page.
 */
export default async function ProductListPage({ searchParams }: Props) {
  const { query, error } = parseListQuery(flatQuery(await searchParams));
  return <ProductListView query={query} error={error} />;
}
