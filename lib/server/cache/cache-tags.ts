/**
 * Every cache tag in one registry ("display-cached, checkout-live"): catalog reads shown on pages are
 * cached under these tags; anything that changes the catalog revalidates them. Carts, orders and
 * payments are never cached.
 */
export const CACHE_TAGS = {
  catalog: 'catalog',
  categories: 'categories',
  /** The search's own settings (同义词): a change re-runs every cached search, not the catalog's pages. */
  search: 'search',
  product: (id: number) => `product:${id}`,
} as const;
