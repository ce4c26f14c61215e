/**
 * The catalog as pages show it: the same reads, cached under the tags of cache-tags.ts so an
 * operator's change (revalidateTag) reaches every page that shows the product on the next request.
 */
import { unstable_cache } from 'next/cache';
import { CACHE_TAGS } from '../cache-tags';
import * as catalog from './catalog';

const tags = [CACHE_TAGS.catalog];

export const cachedCategories = unstable_cache(catalog.listCategories, ['categories'], {
  tags: [...tags, CACHE_TAGS.categories],
});
export const cachedFeaturedProducts = unstable_cache(catalog.listFeaturedProducts, ['featured'], { tags });
export const cachedProductsByIds = unstable_cache(catalog.listProductsByIds, ['products-by-ids'], { tags });
export const cachedProductsInCategory = unstable_cache(catalog.listProductsInCategory, ['products-in-category'], { tags });
export const cachedProductList = unstable_cache(catalog.listProducts, ['product-list'], { tags });
export const cachedSitemapProducts = unstable_cache(
  async () => (await catalog.listProductIdsForSitemap()).map((p) => ({ id: p.id, updatedAt: p.updatedAt.toISOString() })),
  ['sitemap-products'],
  { tags },
);

export function cachedProduct(id: number) {
  return unstable_cache(() => catalog.getProduct(id), ['product', String(id)], {
    tags: [...tags, CACHE_TAGS.product(id)],
  })();
}
