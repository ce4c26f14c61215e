/** proxy.ts's memory of the product ids on sale: kept 5 s, forgotten at once by an operator's change. */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const onSale = vi.hoisted(() => ({ ids: [10909], queries: 0 }));
vi.mock('@/lib/server/modules/catalog/catalog', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  listProductIdsForSitemap: async () => {
    onSale.queries += 1;
    return onSale.ids.map((id) => ({ id }));
  },
}));

const { productIdExists, forgetProductIds } = await import('@/lib/server/modules/catalog');

describe('productIdExists', () => {
  beforeEach(() => {
    forgetProductIds();
    onSale.ids = [10909];
    onSale.queries = 0;
  });

  it('answers from memory within 5 s: a product put on sale meanwhile is not seen yet', async () => {
    expect(await productIdExists(10909)).toBe(true);
    onSale.ids = [10909, 10910];
    expect(await productIdExists(10910)).toBe(false);
    expect(onSale.queries).toBe(1);
  });

  it('after forgetProductIds (a catalog change) asks the database again: the product is there at once', async () => {
    expect(await productIdExists(10910)).toBe(false);
    onSale.ids = [10909, 10910];
    forgetProductIds();
    expect(await productIdExists(10910)).toBe(true);
    onSale.ids = [10910];
    forgetProductIds();
    expect(await productIdExists(10909)).toBe(false);
    expect(onSale.queries).toBe(3);
  });
});
