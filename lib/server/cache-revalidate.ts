/**
 * Tells the page cache that catalog data changed. Stock moves with every order and cancellation,
 * so the product pages showing it are revalidated (the next request renders fresh). Outside a
 * request (the sweep timer) Next has no cache context; the pages then refresh on their next change.
 */
import { revalidateTag } from 'next/cache';
import { CACHE_TAGS } from './cache-tags';
import { log } from './log';
import { forgetProductIds } from './product-ids';

export function productsChanged(productIds: Iterable<number>): void {
  for (const id of new Set(productIds)) {
    try {
      revalidateTag(CACHE_TAGS.product(id), { expire: 0 });
    } catch (err) {
      log.debug({ err: String(err), productId: id }, 'revalidate outside a request');
    }
  }
}

/**
 * An operator changed what lists show too (name, images, price, on/off sale): the product pages
 * and every cached list (home, categories, /ProductList, landing prices, sitemap) render fresh.
 */
export function catalogChanged(productIds: Iterable<number>): void {
  forgetProductIds();
  productsChanged(productIds);
  try {
    revalidateTag(CACHE_TAGS.catalog, { expire: 0 });
  } catch (err) {
    log.debug({ err: String(err) }, 'revalidate outside a request');
  }
}
