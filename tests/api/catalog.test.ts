import { describe, expect, it } from 'vitest';
import { GET as getCategories } from '@/app/api/v1/categories/route';
import { GET as getProducts } from '@/app/api/v1/products/route';
import { GET as getProduct } from '@/app/api/v1/products/[id]/route';
import { CATALOG_PAGE_SIZE } from '@/lib/web/page-sizes';
import { SEED_CATEGORIES, SEED_PRODUCTS } from '@/lib/server/db/seed-catalog';
import { envelope, get, HAN, params } from './helpers';

type Page = { items: { id: number; name: string; categorySlug: string; priceFen: number }[]; total: number; page: number; pageSize: number };

async function products(query = ''): Promise<Page> {
  const res = await getProducts(get(`/products${query}`), undefined);
  expect(res.status).toBe(200);
  return (await envelope<Page>(res)).data!;
}

describe('GET /api/v1/categories', () => {
  it('lists the 4 seeded categories as {id, slug, name} in order', async () => {
    const res = await getCategories(get('/categories'), undefined);
    const body = await envelope<{ id: number; slug: string; name: string }[]>(res);
    expect(body.resultCode).toBe(200);
    expect(body.data).toHaveLength(4);
    expect(body.data!.map((c) => c.slug)).toEqual(SEED_CATEGORIES.map((c) => c.slug));
    for (const c of body.data!) {
      expect(Object.keys(c).sort()).toEqual(['id', 'name', 'slug']);
      expect(c.name).toMatch(HAN);
    }
  });
});

describe('GET /api/v1/products', () => {
  it('pages the whole catalog with the default page size', async () => {
    const data = await products();
    expect(data.total).toBe(SEED_PRODUCTS.length);
    expect(data.page).toBe(1);
    expect(data.pageSize).toBe(CATALOG_PAGE_SIZE);
    expect(data.items).toHaveLength(Math.min(CATALOG_PAGE_SIZE, SEED_PRODUCTS.length));
    expect(new Set(data.items.map((i) => i.id)).size).toBe(data.items.length);
  });

  it('page and pageSize select a slice; the pages together are the catalog', async () => {
    const p1 = await products('?page=1&pageSize=10');
    const p2 = await products('?page=2&pageSize=10');
    expect(p1).toMatchObject({ page: 1, pageSize: 10, total: SEED_PRODUCTS.length });
    expect(p2).toMatchObject({ page: 2, pageSize: 10, total: SEED_PRODUCTS.length });
    expect(p1.items).toHaveLength(Math.min(10, SEED_PRODUCTS.length));
    expect(p2.items).toHaveLength(Math.max(0, SEED_PRODUCTS.length - 10));
    const ids = [...p1.items, ...p2.items].map((i) => i.id).sort();
    expect(ids).toEqual(SEED_PRODUCTS.map((p) => p.id).sort());
    const far = await products('?page=50&pageSize=10');
    expect(far.items).toEqual([]);
    expect(far.total).toBe(SEED_PRODUCTS.length);
  });

  it('filters by category', async () => {
    for (const c of SEED_CATEGORIES) {
      const data = await products(`?category=${c.slug}&pageSize=100`);
      const expected = SEED_PRODUCTS.filter((p) => p.category === c.slug).map((p) => p.id).sort();
      expect(data.total, c.slug).toBe(expected.length);
      expect(data.items.map((i) => i.id).sort()).toEqual(expected);
      expect(data.items.every((i) => i.categorySlug === c.slug)).toBe(true);
    }
    const none = await products('?category=no-such-category');
    expect(none).toMatchObject({ total: 0, items: [] });
  });

  it('searches names with q', async () => {
    const data = await products(`?q=${encodeURIComponent('耳机')}&pageSize=100`);
    const expected = SEED_PRODUCTS.filter((p) => p.name.includes('耳机') || p.subtitle.includes('耳机'));
    expect(data.total).toBe(expected.length);
    expect(data.total).toBeGreaterThan(0);
    expect(data.total).toBeLessThan(SEED_PRODUCTS.length);
    const q1 = await products(`?q=${encodeURIComponent('q1')}`);
    expect(q1.items.map((i) => i.id)).toContain(10909); // case-insensitive
  });

  it('treats % and _ in q as no wildcards: alone they are no word and find nothing; 100% finds what 100 finds', async () => {
    for (const q of ['%', '_', '%%', '\\', '%_%']) expect((await products(`?q=${encodeURIComponent(q)}`)).total, `q=${q}`).toBe(0);
    const hundred = await products(`?q=100`);
    expect(hundred.total).toBeGreaterThan(0);
    expect(hundred.total).toBeLessThan(SEED_PRODUCTS.length);
    expect((await products(`?q=${encodeURIComponent('100%')}`)).total).toBe(hundred.total);
  });

  it('falls back to defaults on bad parameters instead of failing', async () => {
    for (const q of ['?page=abc', '?page=-3', '?page=0', '?pageSize=7', '?pageSize=abc', '?pageSize=100000', '?category=BAD%20SLUG!', '?q=' + 'x'.repeat(200), '?page=1.5']) {
      const res = await getProducts(get(`/products${q}`), undefined);
      const body = await envelope<Page>(res);
      expect(body.resultCode, q).toBe(200);
      expect(body.data!.page, q).toBeGreaterThanOrEqual(1);
      expect([CATALOG_PAGE_SIZE, 10, 20, 30, 40, 50, 100], q).toContain(body.data!.pageSize);
    }
    expect(await products('?page=abc&pageSize=7&category=BAD!')).toMatchObject({
      page: 1,
      pageSize: CATALOG_PAGE_SIZE,
      total: SEED_PRODUCTS.length,
    });
  });
});

describe('GET /api/v1/products/{id}', () => {
  it('10909 with its SKUs in fen', async () => {
    const res = await getProduct(get('/products/10909'), params({ id: '10909' }));
    const body = await envelope<{
      id: number;
      name: string;
      kind: string;
      images: unknown[];
      specs: unknown[];
      skus: { id: number; name: string; priceFen: number; listPriceFen: number; stock: number }[];
    }>(res);
    expect(body.resultCode).toBe(200);
    const seed = SEED_PRODUCTS.find((p) => p.id === 10909)!;
    expect(body.data).toMatchObject({ id: 10909, name: seed.name, kind: 'device' });
    expect(body.data!.images.length).toBeGreaterThan(0);
    expect(body.data!.skus).toHaveLength(seed.skus.length);
    for (const s of body.data!.skus) {
      expect(s.priceFen).toBe(129_900);
      expect(Number.isInteger(s.listPriceFen)).toBe(true);
      expect(Number.isInteger(s.stock)).toBe(true);
    }
    // Server-only fields stay on the server.
    expect(body.data).not.toHaveProperty('seo');
  });

  it.each(['999999', 'abc', '0', '-1', '1.5', '99999999999999'])('%s → 404 envelope with a Chinese message', async (id) => {
    const res = await getProduct(get(`/products/${id}`), params({ id }));
    expect(res.status).toBe(404);
    const body = await envelope(res);
    expect(body.resultCode).toBe(404);
    expect(body.message).toMatch(HAN);
    expect(body.data).toBeUndefined();
  });
});
