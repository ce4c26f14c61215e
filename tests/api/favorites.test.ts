/**
 * 我的收藏 and 足迹 (docs/rules.md#favorites-and-history, docs/api.md#favorites-and-history): each
 * shopper's own, idempotent saves and removals, 降价 / 缺货 / 已下架 computed from the products now,
 * never more than FAVORITES_MAX however many saves race, the newest HISTORY_KEPT views kept, crawlers
 * not recorded, visitors asked to log in, bad input a Chinese 400.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DELETE as favoritesDelete, GET as favoritesGet } from '@/app/api/v1/favorites/route';
import { DELETE as favoriteDelete, GET as favoriteGet, PUT as favoritePut } from '@/app/api/v1/favorites/[id]/route';
import { DELETE as historyDelete, GET as historyGet, POST as historyPost } from '@/app/api/v1/user/history/route';
import { FAVORITES_MAX, HISTORY_KEPT } from '@/lib/domain/favorites-and-history';
import { getDb } from '@/lib/server/db/client';
import type { Page } from '@/lib/server/db/paged';
import { browseHistory, categories, favorites, products, skus } from '@/lib/server/db/schema';
import type { Favorite } from '@/lib/server/views/favorites';
import type { HistoryItem } from '@/lib/server/views/browse-history';
import { HAN } from './helpers';
import { call, ctx, fails, loginNew, makeSku, ok, req, setProductOnSale, setSku, type Shopper } from './session';

const as = (u: Shopper | null) => (u ? { token: u.token } : {});
const save = (u: Shopper | null, id: number | string) => call<{ favorite: boolean }>(favoritePut, req('PUT', `/favorites/${id}`, {}, as(u)), ctx({ id }));
const unsave = (u: Shopper, id: number) => ok<{ favorite: boolean }>(favoriteDelete, req('DELETE', `/favorites/${id}`, undefined, as(u)), ctx({ id }));
const heart = (u: Shopper, id: number) => ok<{ favorite: boolean }>(favoriteGet, req('GET', `/favorites/${id}`, undefined, as(u)), ctx({ id }));
const list = (u: Shopper, query = '') => ok<Page<Favorite>>(favoritesGet, req('GET', `/favorites${query}`, undefined, as(u)));
const view = (u: Shopper | null, body: unknown, ua?: string) => call<{ recorded: boolean }>(historyPost, req('POST', '/user/history', body, { ...as(u), headers: ua ? { 'user-agent': ua } : {} }));
const history = (u: Shopper) => ok<HistoryItem[]>(historyGet, req('GET', '/user/history', undefined, as(u)));

let bulkBase = 3_000_000 + (process.pid % 500) * 1_000;
/** `n` products of their own, one on-sale option each, in two statements (the limits need hundreds). */
async function makeProducts(n: number): Promise<number[]> {
  const db = await getDb();
  const [cat] = await db.select({ id: categories.id }).from(categories).orderBy(categories.id).limit(1);
  const ids = Array.from({ length: n }, (_, i) => bulkBase + i);
  bulkBase += n;
  const tag = randomBytes(4).toString('hex');
  await db.insert(products).values(ids.map((id) => ({ id, categoryId: cat.id, slug: `b-${tag}-${id}`, name: `批量商品 ${id}`, seoTitle: 't', seoDescription: 't', seoKeywords: 't' })));
  await db.insert(skus).values(ids.map((id) => ({ productId: id, code: `B-${tag}-${id}`, name: '标准版', priceFen: 1_000, listPriceFen: 1_000, stock: 10 })));
  return ids;
}

describe('favorites', () => {
  it('saving is idempotent, keeps the price when saved, and the heart and the list show it; removing is idempotent', async () => {
    const a = await loginNew();
    const p = await makeSku({ priceFen: 12_900 });
    const first = await save(a, p.productId);
    expect(first.body.resultCode, first.body.message).toBe(200);
    expect(first.body.message).toBe('已收藏');
    expect((await save(a, p.productId)).body.resultCode).toBe(200);
    expect(await heart(a, p.productId)).toEqual({ favorite: true });
    const page = await list(a);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ productId: p.productId, name: p.productName, priceFen: 12_900, savedPriceFen: 12_900, priceDropFen: 0, outOfStock: false, offSale: false });
    expect(await unsave(a, p.productId)).toEqual({ favorite: false });
    expect(await unsave(a, p.productId)).toEqual({ favorite: false });
    expect(await heart(a, p.productId)).toEqual({ favorite: false });
    expect((await list(a)).total).toBe(0);
  });

  it('newest first; 降价 by how much, 缺货 when no option has stock, 已下架 without a price', async () => {
    const a = await loginNew();
    const cheaper = await makeSku({ priceFen: 10_000 });
    const soldOut = await makeSku({ priceFen: 5_000 });
    const gone = await makeSku({ priceFen: 7_000 });
    for (const p of [cheaper, soldOut, gone]) expect((await save(a, p.productId)).body.resultCode).toBe(200);
    await setSku(cheaper.skuId, { priceFen: 8_800 });
    await setSku(soldOut.skuId, { stock: 0 });
    await setProductOnSale(gone.productId, false);
    const { items } = await list(a);
    expect(items.map((f) => f.productId)).toEqual([gone.productId, soldOut.productId, cheaper.productId]);
    expect(items[2]).toMatchObject({ priceFen: 8_800, savedPriceFen: 10_000, priceDropFen: 1_200, outOfStock: false, offSale: false });
    expect(items[1]).toMatchObject({ priceFen: 5_000, priceDropFen: 0, outOfStock: true, offSale: false });
    expect(items[0]).toMatchObject({ priceFen: null, priceDropFen: 0, outOfStock: false, offSale: true });
  });

  it('an unknown, off-sale or option-less product cannot be saved (404); bad ids 404; visitors 416', async () => {
    const a = await loginNew();
    const off = await makeSku();
    await setProductOnSale(off.productId, false);
    const noOption = await makeSku();
    await setSku(noOption.skuId, { onSale: false });
    for (const id of [off.productId, noOption.productId, 2_000_000_000, 'abc', '-1']) {
      const r = await save(a, id);
      expect(r.body.resultCode).toBe(404);
      expect(r.body.message).toMatch(HAN);
    }
    expect((await save(null, off.productId)).body.resultCode).toBe(416);
    await fails(416, favoritesGet, req('GET', '/favorites'));
    expect((await list(a)).total).toBe(0);
  });

  it("per shopper: another shopper neither sees nor removes one's favorites", async () => {
    const [a, b] = [await loginNew(), await loginNew()];
    const p = await makeSku();
    await save(a, p.productId);
    expect((await list(b)).total).toBe(0);
    expect(await heart(b, p.productId)).toEqual({ favorite: false });
    await unsave(b, p.productId);
    expect(await ok(favoritesDelete, req('DELETE', '/favorites', { productIds: [p.productId] }, as(b)))).toEqual({ removed: 0 });
    expect(await heart(a, p.productId)).toEqual({ favorite: true });
  });

  it('批量删除 removes several of the shopper\'s own at once; bad input is a Chinese 400', async () => {
    const a = await loginNew();
    const [p1, p2, p3] = [await makeSku(), await makeSku(), await makeSku()];
    for (const p of [p1, p2, p3]) await save(a, p.productId);
    expect(await ok(favoritesDelete, req('DELETE', '/favorites', { productIds: [p1.productId, p3.productId, p3.productId] }, as(a)))).toEqual({ removed: 2 });
    expect((await list(a)).items.map((f) => f.productId)).toEqual([p2.productId]);
    for (const body of [{}, { productIds: [] }, { productIds: ['x'] }, { productIds: [0] }, { productIds: Array.from({ length: FAVORITES_MAX + 1 }, (_, i) => i + 1) }]) {
      expect(await fails(400, favoritesDelete, req('DELETE', '/favorites', body, as(a)))).toMatch(HAN);
    }
  });

  it(`never more than FAVORITES_MAX (${FAVORITES_MAX}), however many saves race; full is a Chinese 409`, async () => {
    const a = await loginNew();
    const ids = await makeProducts(FAVORITES_MAX + 50);
    const db = await getDb();
    // Nearly full: the last ten places are raced for by sixty saves at once.
    await db.insert(favorites).values(ids.slice(0, FAVORITES_MAX - 10).map((productId) => ({ userId: a.userId, productId, savedPriceFen: 1_000 })));
    const racing = ids.slice(FAVORITES_MAX - 10);
    expect(racing).toHaveLength(60);
    const results = await Promise.all(racing.map((id) => save(a, id)));
    const codes = results.map((r) => r.body.resultCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(50);
    expect(results.find((r) => r.body.resultCode === 409)!.body.message).toBe(`收藏夹已满（最多 ${FAVORITES_MAX} 件），请先删除一些再收藏`);
    expect((await db.select().from(favorites).where(eq(favorites.userId, a.userId))).length).toBe(FAVORITES_MAX);
    // Saving one already saved stays fine when full.
    expect((await save(a, ids[0])).body.resultCode).toBe(200);
    const page = await list(a, '?page=2&pageSize=100');
    expect(page).toMatchObject({ total: FAVORITES_MAX, page: 2, pageSize: 100 });
    expect(page.items).toHaveLength(100);
  });
});

describe('history (足迹)', () => {
  it('records a view, a re-view moves it to the top, newest first with the product now', async () => {
    const a = await loginNew();
    const [p1, p2] = [await makeSku({ priceFen: 3_300 }), await makeSku()];
    expect((await view(a, { productId: p1.productId })).body.data).toEqual({ recorded: true });
    await view(a, { productId: p2.productId });
    expect((await history(a)).map((h) => h.productId)).toEqual([p2.productId, p1.productId]);
    await view(a, { productId: p1.productId });
    const items = await history(a);
    expect(items.map((h) => h.productId)).toEqual([p1.productId, p2.productId]);
    expect(items[0]).toMatchObject({ name: p1.productName, priceFen: 3_300, outOfStock: false, offSale: false });
    expect(new Date(items[0].viewedAt).getTime()).toBeGreaterThan(new Date(items[1].viewedAt).getTime());
    expect((await getDb()).select().from(browseHistory).where(eq(browseHistory.userId, a.userId))).resolves.toHaveLength(2);
  });

  it(`keeps the newest ${HISTORY_KEPT}: one view more drops the oldest`, async () => {
    const a = await loginNew();
    const ids = await makeProducts(HISTORY_KEPT + 1);
    for (const productId of ids) expect((await view(a, { productId })).body.resultCode).toBe(200);
    const items = await history(a);
    expect(items).toHaveLength(HISTORY_KEPT);
    expect(items[0].productId).toBe(ids[HISTORY_KEPT]);
    expect(items.map((h) => h.productId)).not.toContain(ids[0]);
    expect(items.at(-1)!.productId).toBe(ids[1]);
  });

  it(`racing views never keep more than ${HISTORY_KEPT}`, async () => {
    const a = await loginNew();
    const ids = await makeProducts(HISTORY_KEPT + 30);
    const db = await getDb();
    const old = Date.now() - 3_600_000;
    await db.insert(browseHistory).values(ids.slice(0, HISTORY_KEPT - 5).map((productId, i) => ({ userId: a.userId, productId, viewedAt: new Date(old + i * 1000) })));
    const results = await Promise.all(ids.slice(HISTORY_KEPT - 5).map((productId) => view(a, { productId })));
    expect(results.every((r) => r.body.resultCode === 200)).toBe(true);
    expect(await db.select().from(browseHistory).where(eq(browseHistory.userId, a.userId))).toHaveLength(HISTORY_KEPT);
    // The 35 new views are all kept; the 30 oldest of the earlier ones went.
    expect((await history(a)).map((h) => h.productId).slice(-5)).toEqual(ids.slice(30, 35).reverse());
  });

  it('clears one view with ?productId=, or all; per shopper', async () => {
    const [a, b] = [await loginNew(), await loginNew()];
    const [p1, p2] = [await makeSku(), await makeSku()];
    for (const u of [a, b]) for (const p of [p1, p2]) await view(u, { productId: p.productId });
    expect(await ok(historyDelete, req('DELETE', `/user/history?productId=${p1.productId}`, undefined, as(a)))).toEqual({ removed: 1 });
    expect((await history(a)).map((h) => h.productId)).toEqual([p2.productId]);
    expect(await ok(historyDelete, req('DELETE', '/user/history', undefined, as(a)))).toEqual({ removed: 1 });
    expect(await history(a)).toEqual([]);
    // b's 足迹 is untouched by a's deletes, and a never sees it.
    expect((await history(b)).map((h) => h.productId)).toEqual([p2.productId, p1.productId]);
  });

  it('a crawler is answered but not recorded; visitors 416; unknown or off-sale products 404; bad input a Chinese 400', async () => {
    const a = await loginNew();
    const p = await makeSku();
    const bot = await view(a, { productId: p.productId }, 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)');
    expect(bot.body).toMatchObject({ resultCode: 200, data: { recorded: false } });
    expect(await history(a)).toEqual([]);
    expect((await view(null, { productId: p.productId })).body.resultCode).toBe(416);
    await fails(416, historyGet, req('GET', '/user/history'));
    await fails(416, historyDelete, req('DELETE', '/user/history'));
    await setProductOnSale(p.productId, false);
    expect((await view(a, { productId: p.productId })).body.resultCode).toBe(404);
    expect((await view(a, { productId: 2_000_000_000 })).body.resultCode).toBe(404);
    for (const body of [{}, { productId: 'x' }, { productId: 0 }, { productId: 1.5 }]) {
      const r = await view(a, body);
      expect(r.body.resultCode).toBe(400);
      expect(r.body.message).toMatch(HAN);
    }
    expect(await fails(400, historyDelete, req('DELETE', '/user/history?productId=abc', undefined, as(a)))).toMatch(HAN);
    expect(await history(a)).toEqual([]);
  });

  it('an off-sale product stays in 足迹 as 已下架 without a price', async () => {
    const a = await loginNew();
    const p = await makeSku();
    await view(a, { productId: p.productId });
    await setProductOnSale(p.productId, false);
    expect((await history(a))[0]).toMatchObject({ productId: p.productId, priceFen: null, offSale: true });
  });
});
