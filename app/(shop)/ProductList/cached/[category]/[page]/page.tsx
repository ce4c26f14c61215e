import { ProductListView } from '@/components/catalog/product-list-view';
import { ALL_CATEGORIES } from '@/lib/web/catalog-list-path';
import { routeMetadata } from '@/lib/seo/metadata';
import { productQuerySchema } from '@/lib/validation/catalog';

export const metadata = routeMetadata('/ProductList');

type Props = { params: Promise<{ category: string; page: string }> };

// /ProductList?category=&page= through proxy.ts: rendered on first request, then cached until the
// catalog tag is revalidated (docs/decisions/cached-pages.md). Never reached under this path directly.
export async function generateStaticParams() {
  return [];
}

export default async function CachedProductListPage({ params }: Props) {
  const { category, page } = await params;
  return <ProductListView query={productQuerySchema.parse({ category: category === ALL_CATEGORIES ? undefined : category, page })} />;
}
