import { permanentRedirect } from 'next/navigation';
import { ProductGrid } from '@/components/product/product-grid';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import type { PageQuery } from '@/lib/web/page-query';
import { cachedProductList } from '@/lib/server/views/product-cards-cached';
import { routeMetadata } from '@/lib/seo/metadata';
import { parseProductIdParam } from '@/lib/validation/catalog';

export const metadata = routeMetadata('/ProductDetail');

type Props = { searchParams: Promise<PageQuery> };

/** /ProductDetail?id=N is answered by proxy.ts (308 → /proc/N); without an id, pick a product here. */
export default async function ProductDetailIndex({ searchParams }: Props) {
  const { id } = await searchParams;
  const productId = typeof id === 'string' ? parseProductIdParam(id) : null;
  if (productId !== null) permanentRedirect(`/proc/${productId}`);
  const list = await cachedProductList({ page: 1, pageSize: 100 });
  return (
    <>
      <Breadcrumbs path="/ProductDetail" />
      <h1>商品详情</h1>
      <p className="muted">请选择要查看的商品，了解它的加密方式、规格参数、价格与库存。</p>
      <ProductGrid products={list.items} firstRow headingLevel={2} />
    </>
  );
}
