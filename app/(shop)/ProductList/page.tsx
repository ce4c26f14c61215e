import { ProductListView } from '@/components/catalog/product-list-view';
import type { PageQuery } from '@/lib/page-query';
import { routeMetadata } from '@/lib/seo/metadata';
import { productQuerySchema } from '@/lib/validation/catalog';

export const metadata = routeMetadata('/ProductList');

type Props = { searchParams: Promise<PageQuery> };

/** A search (or another page size) renders per request; category lists come from ./cached (lib/catalog-list-path.ts). */
export default async function ProductListPage({ searchParams }: Props) {
  return <ProductListView query={productQuerySchema.parse(await searchParams)} />;
}
