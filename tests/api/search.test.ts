/**
 * Search and the list's sort and price filter through GET /api/v1/products (docs/api.md#catalog,
 * docs/rules.md#search), on the seeded catalog: what matches (name, subtitle, the specs' values, Latin
 * in any case), the orders, the price range, refused input, and 销量 from paid orders.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as getProducts } from '@/app/api/v1/products/route';
import { getDb } from '@/lib/server/db/client';
import { afterSaleItems, afterSales, orderItems, orders, skus } from '@/lib/server/db/schema';
import { SEED_PRODUCTS, type SeedProduct } from '@/lib/server/db/seed-catalog';
import { listBestSellers, listSearchSuggestions } from '@/lib/server/views/product-cards';
import { envelope, get, HAN } from './helpers';
import { loginOperator } from './admin-session';
import { ctx, loginNew, ok, req } from './session';
import { GET as adminProductGet, PUT as adminProductPut } from '@/app/api/v1/admin/products/[id]/route';
import type { AdminProduct } from '@/lib/server/modules/catalog';

type Item = { id: number; name: string; priceFen: number; sold: number; categorySlug: string };
type Page = { items: Item[]; total: number };

async function list(query: Record<string, string>): Promise<Page> {
  const res = await getProducts(get(`/products?${new URLSearchParams({ pageSize: '100', ...query })}`), undefined);
  const body = await envelope<Page>(res);
  expect(res.status, JSON.stringify(query)).toBe(200);
  return body.data!;
}

const ids = (p: Page) => p.items.map((i) => i.id).sort();
const seedIds = (pick: (p: SeedProduct) => boolean) => SEED_PRODUCTS.filter(pick).map((p) => p.id).sort();
const lowest = (p: SeedProduct) => Math.min(...p.skus.map((s) => s.priceFen));

describe('search: what matches', () => {
  it('a word of a name finds exactly the products whose name, subtitle or spec value holds it', async () => {
    const found = await list({ q: '耳机' });
    const expected = seedIds((p) => [p.name, p.subtitle, ...p.specs.map((s) => s.value)].some((t) => t.includes('耳机')));
    expect(found.total).toBeGreaterThan(1);
    expect(ids(found)).toEqual(expected);
  });

  it('a word only in a subtitle finds its product', async () => {
    const p = SEED_PRODUCTS.find((x) => x.subtitle.includes('丢失远程销毁'))!;
    expect(p.name).not.toContain('丢失远程销毁');
    expect(ids(await list({ q: '丢失远程销毁' }))).toEqual([p.id]);
  });

  it("a spec's value finds its product; a spec's label alone does not", async () => {
    const q1 = SEED_PRODUCTS.find((x) => x.id === 10909)!;
    const model = q1.specs.find((s) => s.name === '型号')!.value; // LD-Q1
    expect(ids(await list({ q: model }))).toContain(10909);
    const label = '防护等级';
    expect(SEED_PRODUCTS.some((x) => x.specs.some((s) => s.name === label))).toBe(true);
    const withLabelText = seedIds((x) => [x.name, x.subtitle, ...x.specs.map((s) => s.value)].some((t) => t.includes(label)));
    expect(ids(await list({ q: label }))).toEqual(withLabelText);
  });

  it('Latin letters match in any case, and full-width letters as plain ones', async () => {
    const aes = seedIds((x) => x.specs.some((s) => s.value.toLowerCase().includes('aes')) || x.name.toLowerCase().includes('aes') || x.subtitle.toLowerCase().includes('aes'));
    expect(aes.length).toBeGreaterThan(0);
    for (const q of ['AES', 'aes', 'Aes', 'ＡＥＳ']) expect(ids(await list({ q })), q).toEqual(aes);
    const upper = await list({ q: 'Q1' });
    expect(ids(upper)).toContain(10909);
    expect(ids(await list({ q: 'q1' }))).toEqual(ids(upper));
  });

  it('every word must match: 耳机 Q1 is narrower than 耳机', async () => {
    const both = await list({ q: '耳机  Q1' });
    expect(both.total).toBeGreaterThan(0);
    expect(both.total).toBeLessThan((await list({ q: '耳机' })).total);
    for (const i of both.items) expect(i.name.toLowerCase()).toContain('q1');
  });

  it('nothing found is an empty page, not an error', async () => {
    expect(await list({ q: '不存在的商品名' })).toMatchObject({ total: 0, items: [] });
  });

  it("a product the console renames is found by its new words at once (the console's write cuts them)", async () => {
    const op = await loginOperator();
    expect((await list({ q: '翡翠星链' })).total).toBe(0);
    const before = await ok<AdminProduct>(adminProductGet, req('GET', '/admin/products/10913', undefined, { token: op.token }), ctx({ id: 10913 }));
    const body = { name: before.name, subtitle: `${before.subtitle} · 翡翠星链`, description: before.description, images: before.images, onSale: before.onSale, version: before.version };
    const after = await ok<AdminProduct>(adminProductPut, req('PUT', '/admin/products/10913', body, { token: op.token }), ctx({ id: 10913 }));
    expect(ids(await list({ q: '翡翠星链' }))).toEqual([10913]);
    await ok(adminProductPut, req('PUT', '/admin/products/10913', { ...body, subtitle: before.subtitle, version: after.version }, { token: op.token }), ctx({ id: 10913 }));
    expect((await list({ q: '翡翠星链' })).total).toBe(0);
  });
});

describe('sort and price range', () => {
  it('价格 sorts by the lowest price up and down; 综合 is the shop order', async () => {
    const up = await list({ sort: 'price-asc' });
    const prices = up.items.map((i) => i.priceFen);
    expect(up.total).toBe(SEED_PRODUCTS.length);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBeLessThan(prices[prices.length - 1]);
    const down = await list({ sort: 'price-desc' });
    expect(down.items.map((i) => i.priceFen)).toEqual([...prices].sort((a, b) => b - a));
    const plain = await list({});
    expect(ids(plain)).toEqual(ids(up));
    expect(plain.items.map((i) => i.id)).not.toEqual(up.items.map((i) => i.id));
  });

  it('a search sorted by price is still only the matches', async () => {
    const found = await list({ q: '耳机', sort: 'price-desc' });
    expect(ids(found)).toEqual(ids(await list({ q: '耳机' })));
    const prices = found.items.map((i) => i.priceFen);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('minPrice and maxPrice (yuan) keep the products whose lowest price is in the range, bounds included', async () => {
    const sorted = [...new Set(SEED_PRODUCTS.map(lowest))].sort((a, b) => a - b);
    const lo = sorted[1];
    const hi = sorted[sorted.length - 2];
    const found = await list({ minPrice: String(lo / 100), maxPrice: String(hi / 100) });
    expect(ids(found)).toEqual(seedIds((p) => lowest(p) >= lo && lowest(p) <= hi));
    expect(found.total).toBeLessThan(SEED_PRODUCTS.length);
    expect((await list({ minPrice: String(hi / 100) })).items.every((i) => i.priceFen >= hi)).toBe(true);
    expect((await list({ maxPrice: (lo / 100).toFixed(2) })).total).toBe(seedIds((p) => lowest(p) <= lo).length);
    expect((await list({ category: 'earphones', maxPrice: '0.01' })).total).toBe(0);
  });

  it.each([
    ['sort=cheap', '排序方式'],
    ['minPrice=abc', '最低价格'],
    ['maxPrice=-5', '最高价格'],
    ['minPrice=1.234', '最低价格'],
    ['maxPrice=99999999', '最高价格'],
    ['minPrice=500&maxPrice=100', '最低价格不能高于最高价格'],
  ])('%s → 400 with a Chinese message naming the field', async (qs, word) => {
    const res = await getProducts(get(`/products?${qs}`), undefined);
    expect(res.status).toBe(400);
    const body = await envelope(res);
    expect(body.resultCode).toBe(400);
    expect(body.message).toMatch(HAN);
    expect(body.message).toContain(word);
  });

  it('empty price fields (a form sent blank) are no bound', async () => {
    expect((await list({ minPrice: '', maxPrice: '', sort: '' })).total).toBe(SEED_PRODUCTS.length);
  });
});

describe('销量', () => {
  it('counts units of paid, shipped and completed orders only, and orders the list and the best sellers by it', async () => {
    const shopper = await loginNew();
    const db = await getDb();
    const byId = (id: number) => SEED_PRODUCTS.find((p) => p.id === id)!;
    const lines: { status: 'paid' | 'completed' | 'cancelled' | 'refunded' | 'pending_payment'; productId: number; quantity: number }[] = [
      { status: 'paid', productId: 10915, quantity: 3 },
      { status: 'completed', productId: 10915, quantity: 2 },
      { status: 'completed', productId: 10913, quantity: 4 },
      { status: 'cancelled', productId: 10914, quantity: 50 },
      { status: 'refunded', productId: 10914, quantity: 50 },
      { status: 'pending_payment', productId: 10914, quantity: 50 },
    ];
    for (const [i, l] of lines.entries()) {
      const p = byId(l.productId);
      const sku = p.skus[0];
      const [o] = await db
        .insert(orders)
        .values({ orderNo: `2098${String(shopper.userId).padStart(8, '0')}${String(i).padStart(8, '0')}`, userId: shopper.userId, status: l.status, itemsTotalFen: sku.priceFen * l.quantity, totalFen: sku.priceFen * l.quantity, idempotencyKey: `sales-${i}`, payDeadline: new Date() })
        .returning({ id: orders.id });
      const [{ skuId }] = await db.select({ skuId: skus.id }).from(skus).where(eq(skus.code, sku.code));
      await db.insert(orderItems).values({ orderId: o.id, productId: p.id, skuId, productName: p.name, skuName: sku.name, kind: p.kind, priceFen: sku.priceFen, quantity: l.quantity, paidFen: sku.priceFen * l.quantity });
    }
    const bySales = await list({ sort: 'sales' });
    expect(bySales.items.slice(0, 2).map((i) => [i.id, i.sold])).toEqual([
      [10915, 5],
      [10913, 4],
    ]);
    expect(bySales.items.find((i) => i.id === 10914)!.sold).toBe(0);
    const sold = bySales.items.map((i) => i.sold);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
    expect((await listBestSellers(2)).map((p) => p.id)).toEqual([10915, 10913]);

    // One unit of the completed 10915 line comes back through 售后 (退货退款, 已退款): it no longer counts.
    const [line] = await db.select({ id: orderItems.id, orderId: orderItems.orderId }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(and(eq(orderItems.productId, 10915), eq(orders.status, 'completed')));
    const [as] = await db
      .insert(afterSales)
      .values({ afterSaleNo: `AS${String(shopper.userId).padStart(8, '0')}01`, orderId: line.orderId, userId: shopper.userId, type: 'return_refund', status: 'refunded', reason: 'seven_days', refundFen: 100 })
      .returning({ id: afterSales.id });
    await db.insert(afterSaleItems).values({ afterSaleId: as.id, orderItemId: line.id, quantity: 1, refundFen: 100 });
    expect((await list({ sort: 'sales' })).items.find((i) => i.id === 10915)!.sold).toBe(4);
    const { terms, categories } = await listSearchSuggestions(8);
    expect(categories.length).toBeGreaterThan(0);
    expect(terms.length).toBeGreaterThan(0);
    // The words of the best seller's name come first, and every word finds something.
    expect(byId(10915).name.split(' ')).toContain(terms[0]);
    for (const t of terms) expect((await list({ q: t })).total, t).toBeGreaterThan(0);
  });
});
