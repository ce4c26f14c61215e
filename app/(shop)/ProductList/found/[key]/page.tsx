import { notFound } from 'next/navigation';
import { ProductListView } from '@/components/catalog/product-list-view';
import { foundParams } from '@/lib/web/catalog-list-path';
import { routeMetadata } from '@/lib/seo/metadata';
import { parseListQuery } from '@/lib/validation/catalog';

export const metadata = routeMetadata('/ProductList');

type Props = { params: Promise<{ key: string }> };

// /ProductList?q=&category=&sort=&page= through proxy.ts: one cached page per normalised search (and
// per sort), rendered on first request and kept until the catalog tag is revalidated
// (docs/decisions/cached-pages.md). The key is the query itself (lib/web/catalog-list-path.ts).
export async function generateStaticParams() {
  return [];
}

export default async function FoundProductListPage({ params }: Props) {
  const { key } = await params;
  const query = foundParams(`/ProductList/found/${key}`);
  if (!query) notFound();
  return <ProductListView query={parseListQuery(Object.fromEntries(query)).query} />;
}
