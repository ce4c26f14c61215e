/**
 * A product's reviews as the shop shows them (docs/api.md#product-reviews), on PGlite and PostgreSQL:
 * visible reviews only, newest first, each filter with its count, REVIEWS_PAGE_SIZE a page; the
 * summary (average to one decimal, 好评 share); the author masked unless named and not anonymous;
 * 追评 and 商家回复; photos of a visible review readable by anyone, every other photo still private;
 * bad ?filter= or ?page= a Chinese 400, an unknown or off-sale product 404; and the cached read
 * renewed by productsChanged (the tag the writers call).
 *
 * The reviews are rows written here for a completed order of a real shopper (bought, paid through
 * the demo gateway, shipped, received): what this file proves is the reading, not the writing.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// A tag-aware stand-in for Next's data cache (setup.ts makes it a pass-through): entries kept by key
// and dropped by revalidateTag, values read back as JSON as Next keeps them.
vi.mock('next/cache', () => {
  const entries = new Map<string, { value: string; tags: string[] }>();
  return {
    unstable_cache:
      <A extends unknown[], R>(fn: (...args: A) => Promise<R>, keyParts: string[], opts: { tags?: string[] } = {}) =>
      async (...args: A): Promise<R> => {
        const key = JSON.stringify([keyParts, args]);
        const hit = entries.get(key);
        if (hit) return JSON.parse(hit.value) as R;
        const value = await fn(...args);
        entries.set(key, { value: JSON.stringify(value), tags: opts.tags ?? [] });
        return JSON.parse(JSON.stringify(value)) as R;
      },
    revalidateTag: (tag: string) => {
      for (const [k, e] of entries) if (e.tags.includes(tag)) entries.delete(k);
    },
    revalidatePath: () => {},
    updateTag: () => {},
    refresh: () => {},
    unstable_noStore: () => {},
    cacheLife: () => {},
    cacheTag: () => {},
  };
});

import { GET as reviewsGet } from '@/app/api/v1/products/[id]/reviews/route';
import { REVIEW_PHOTO_MAX_AGE_SECONDS, REVIEWS_PAGE_SIZE } from '@/lib/domain/review-rules';
import { deregisteredPhone } from '@/lib/domain/privacy';
import type { ReviewFilter } from '@/lib/domain/review';
import { productsChanged } from '@/lib/server/cache/cache-revalidate';
import { getDb } from '@/lib/server/db/client';
import { orderItems, reviewPhotos, reviews, users } from '@/lib/server/db/schema';
import type { ProductReviews } from '@/lib/server/views/product-reviews';
import { afterSalesSuite, bought, buyer, expectOk, readUpload, readUploadFails, upload, type Buyer } from './after-sales-kit';
import { HAN } from './helpers';
import { call, ctx, loginNew, makeSku, orderRow, req, setProductOnSale, type Shopper, type SkuFixture } from './session';

let op: Shopper;
afterSalesSuite((o) => (op = o));

const MIN = 60_000;
const T0 = Date.now() - 30 * 24 * 60 * MIN;

type Line = { orderId: number; orderItemId: number; userId: number; sku: SkuFixture };

/** A completed order of one line, and `extra` more lines like it on the same order (rows copied), so one purchase can carry many reviews. */
async function completedLines(u: Buyer, sku: SkuFixture, extra = 0): Promise<Line[]> {
  const o = await bought(u, op, [{ sku }], 'completed');
  const db = await getDb();
  const { id: orderId } = await orderRow(o.orderNo);
  const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const { id: _id, ...copy } = line;
  const more = extra ? await db.insert(orderItems).values(Array.from({ length: extra }, () => copy)).returning({ id: orderItems.id }) : [];
  return [line, ...more].map((l) => ({ orderId, orderItemId: l.id, userId: u.userId, sku }));
}

type Row = { rating: number; content?: string; minutes: number; anonymous?: boolean; append?: string; reply?: string; hidden?: boolean; photos?: string[] };

/** A review row as the writing service stores it: `minutes` after T0, photos (upload ids) in order. */
async function writeReview(line: Line, r: Row): Promise<number> {
  const db = await getDb();
  const at = new Date(T0 + r.minutes * MIN);
  const [row] = await db
    .insert(reviews)
    .values({
      productId: line.sku.productId,
      skuId: line.sku.skuId,
      skuName: line.sku.skuName,
      orderId: line.orderId,
      orderItemId: line.orderItemId,
      userId: line.userId,
      rating: r.rating,
      content: r.content ?? `评价 ${r.minutes}`,
      anonymous: r.anonymous ?? false,
      photoCount: r.photos?.length ?? 0,
      appendContent: r.append ?? null,
      appendedAt: r.append ? new Date(at.getTime() + 3 * 24 * 60 * MIN) : null,
      reply: r.reply ?? null,
      repliedAt: r.reply ? new Date(at.getTime() + 60 * MIN) : null,
      hiddenAt: r.hidden ? new Date() : null,
      hiddenReason: r.hidden ? '含广告信息' : null,
      createdAt: at,
    })
    .returning({ id: reviews.id });
  if (r.photos?.length) await db.insert(reviewPhotos).values(r.photos.map((uploadId) => ({ reviewId: row.id, uploadId })));
  return row.id;
}

async function hide(reviewId: number, hidden: boolean) {
  const db = await getDb();
  await db.update(reviews).set({ hiddenAt: hidden ? new Date() : null, hiddenReason: hidden ? '含广告信息' : null }).where(eq(reviews.id, reviewId));
}

function list(productId: number | string, query = '') {
  return call<ProductReviews>(reviewsGet, req('GET', `/products/${productId}/reviews${query}`), ctx({ id: String(productId) }));
}
const read = async (productId: number, query = '') => expectOk(list(productId, query));

async function fails(code: number, productId: number | string, query = ''): Promise<string> {
  const { body } = await list(productId, query);
  expect(body.resultCode).toBe(code);
  expect(body.data).toBeUndefined();
  expect(body.message).toMatch(HAN);
  return body.message;
}

describe('GET /products/{id}/reviews', () => {
  let sku: SkuFixture;
  let lines: Line[];
  let anon: Buyer;
  let named: Buyer;
  let hiddenId: number;

  beforeAll(async () => {
    sku = await makeSku();
    anon = await buyer();
    named = await buyer();
    const db = await getDb();
    await db.update(users).set({ nickname: '量子小王' }).where(eq(users.id, named.userId));
    // 14 lines: 12 visible reviews (8 好评, 2 中评, 2 差评), 1 hidden 5-star, 1 left unreviewed.
    lines = [...(await completedLines(anon, sku, 11)), ...(await completedLines(named, sku, 1))];
    const photo = await expectOk(upload(anon));
    const ratings = [5, 5, 4, 5, 3, 5, 1, 4, 5, 2, 3];
    for (const [i, rating] of ratings.entries()) {
      await writeReview(lines[i], { rating, minutes: i, anonymous: i % 2 === 0, append: i === 2 ? '用了一个月，依旧满意' : undefined, photos: i === 0 ? [photo.id] : undefined });
    }
    await writeReview(lines[12], { rating: 4, minutes: 100, content: '第一行\n  第二行 <b>不是粗体</b>', reply: '感谢支持，有问题随时联系客服' });
    hiddenId = await writeReview(lines[11], { rating: 5, minutes: 200, hidden: true });
  });

  it('answers the summary of visible reviews, newest first, a page at a time', async () => {
    const first = await read(sku.productId);
    // Visible: 5,5,4,5,3,5,1,4,5,2,3 and 4 → 46 / 12 = 3.83 → 3.8; 好评 8 of 12 → 67%.
    expect(first.summary).toEqual({ count: 12, average: 3.8, goodPercent: 67, counts: { all: 12, photos: 1, good: 8, neutral: 2, bad: 2, appended: 1 } });
    expect(first).toMatchObject({ filter: 'all', total: 12, page: 1, pageSize: REVIEWS_PAGE_SIZE });
    expect(first.items).toHaveLength(REVIEWS_PAGE_SIZE);
    expect(first.items.map((r) => r.content)).toEqual(['第一行\n  第二行 <b>不是粗体</b>', ...[10, 9, 8, 7, 6, 5, 4, 3, 2].map((m) => `评价 ${m}`)]);
    const second = await read(sku.productId, '?page=2');
    expect(second.items.map((r) => r.content)).toEqual(['评价 1', '评价 0']);
    expect(second.summary.count).toBe(12);
    // Past the last page: an empty page, not an error.
    expect(await read(sku.productId, '?page=9')).toMatchObject({ items: [], total: 12, page: 9 });
  });

  it('filters 有图 / 好评 / 中评 / 差评 / 追评 with the counts the chips show', async () => {
    const ratingsOf = async (filter: ReviewFilter) => (await read(sku.productId, `?filter=${filter}`)).items.map((r) => r.rating);
    expect(await ratingsOf('good')).toEqual([4, 5, 4, 5, 5, 4, 5, 5]);
    expect(await ratingsOf('neutral')).toEqual([3, 3]);
    expect(await ratingsOf('bad')).toEqual([2, 1]);
    const photos = await read(sku.productId, '?filter=photos');
    expect(photos.items.map((r) => r.content)).toEqual(['评价 0']);
    expect(photos.items[0].photos).toHaveLength(1);
    expect(photos.items[0].photos[0]).toEqual({ url: expect.stringMatching(/^\/api\/v1\/uploads\/[0-9a-f]{32}$/), width: 3, height: 2 });
    const appended = await read(sku.productId, '?filter=appended&page=1');
    expect(appended.items).toHaveLength(1);
    expect(appended.items[0].append).toEqual({ content: '用了一个月，依旧满意', photos: [], createdAt: new Date(T0 + 2 * MIN + 3 * 24 * 60 * MIN).toISOString() });
    expect(appended.total).toBe(1);
  });

  it('names the author by nickname unless anonymous, otherwise masks the phone; shows the option, 商家回复 and the text as written', async () => {
    const { items } = await read(sku.productId);
    const byContent = new Map(items.map((r) => [r.content, r]));
    const masked = `${anon.phone[0]}****${anon.phone[anon.phone.length - 1]}`;
    // No nickname: masked whether anonymous or not.
    expect(byContent.get('评价 10')!.author).toBe(masked);
    expect(byContent.get('评价 9')!.author).toBe(masked);
    const mine = byContent.get('第一行\n  第二行 <b>不是粗体</b>')!;
    expect(mine.author).toBe('量子小王');
    expect(mine.skuName).toBe(sku.skuName);
    expect(mine.reply).toEqual({ content: '感谢支持，有问题随时联系客服', createdAt: new Date(T0 + 160 * MIN).toISOString() });
    expect(JSON.stringify(items)).not.toContain(anon.phone);

    const db = await getDb();
    await db.update(users).set({ nickname: '匿名的人' }).where(eq(users.id, anon.userId));
    productsChanged([sku.productId]);
    const again = new Map((await read(sku.productId)).items.map((r) => [r.content, r]));
    expect(again.get('评价 9')!.author).toBe('匿名的人'); // named, not anonymous
    expect(again.get('评价 8')!.author).toBe('匿****人'); // anonymous: the nickname masked
    // A closed account (注销账号): its reviews stay, under a plain name.
    await db.update(users).set({ nickname: null, phone: deregisteredPhone(named.userId), deletedAt: new Date() }).where(eq(users.id, named.userId));
    productsChanged([sku.productId]);
    expect((await read(sku.productId)).items.find((r) => r.id === mine.id)!.author).toBe('已注销用户');
    await db.update(users).set({ nickname: '量子小王', phone: named.phone, deletedAt: null }).where(eq(users.id, named.userId));
    await db.update(users).set({ nickname: null }).where(eq(users.id, anon.userId));
    productsChanged([sku.productId]);
  });

  it('drops a hidden review from the list, the counts and the average, and brings it back when shown', async () => {
    const db = await getDb();
    const visible = await read(sku.productId);
    expect(visible.items.some((r) => r.id === hiddenId)).toBe(false);
    await hide(hiddenId, false);
    productsChanged([sku.productId]);
    const shown = await read(sku.productId);
    expect(shown.items[0].id).toBe(hiddenId);
    // 51 / 13 = 3.92 → 3.9; 9 of 13 好评 → 69%.
    expect(shown.summary).toMatchObject({ count: 13, average: 3.9, goodPercent: 69 });
    // The two 差评 hidden too: 48 / 11 = 4.36 → 4.4; 9 of 11 好评 → 82%.
    const bad = (await read(sku.productId, '?filter=bad')).items.map((r) => r.id);
    for (const id of bad) await hide(id, true);
    productsChanged([sku.productId]);
    const after = await read(sku.productId);
    expect(after.summary).toEqual({ count: 11, average: 4.4, goodPercent: 82, counts: { all: 11, photos: 1, good: 9, neutral: 2, bad: 0, appended: 1 } });
    expect((await read(sku.productId, '?filter=bad')).items).toEqual([]);
    for (const id of bad) await hide(id, false);
    await hide(hiddenId, true);
    productsChanged([sku.productId]);
    expect((await read(sku.productId)).summary.count).toBe(12);
    expect(await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.productId, sku.productId))).toHaveLength(13);
  });

  it('is a cached read under the product tag: a new review shows once productsChanged is called', async () => {
    const before = await read(sku.productId);
    const line = lines[13];
    await writeReview(line, { rating: 1, minutes: 300, content: '最新的一条' });
    // Same cache entry until the tag is revalidated (what the writing service does after its insert).
    expect((await read(sku.productId)).summary).toEqual(before.summary);
    productsChanged([sku.productId]);
    const fresh = await read(sku.productId);
    expect(fresh.summary.count).toBe(13);
    expect(fresh.items[0].content).toBe('最新的一条');
  });

  it('refuses a bad filter or page with a Chinese 400 and answers 404 for an unknown or off-sale product', async () => {
    expect(await fails(400, sku.productId, '?filter=best')).toMatch(/评价筛选/);
    for (const page of ['0', '-1', 'abc', '1.5', '0x2', '99999']) expect(await fails(400, sku.productId, `?page=${page}`)).toMatch(/页码/);
    // Empty parameters are the defaults.
    expect((await read(sku.productId, '?filter=&page=')).filter).toBe('all');
    expect(await fails(404, 987_654_321)).toBe('商品不存在或已下架');
    expect(await fails(404, 'abc')).toBe('商品不存在或已下架');
    const off = await makeSku();
    await setProductOnSale(off.productId, false);
    expect(await fails(404, off.productId)).toBe('商品不存在或已下架');
    // A product without reviews: zeros, nothing invented.
    const none = await makeSku();
    expect(await read(none.productId)).toEqual({
      summary: { count: 0, average: 0, goodPercent: 0, counts: { all: 0, photos: 0, good: 0, neutral: 0, bad: 0, appended: 0 } },
      filter: 'all',
      items: [],
      total: 0,
      page: 1,
      pageSize: REVIEWS_PAGE_SIZE,
    });
  });
});

describe('GET /uploads/{id} of review photos', () => {
  it('serves a visible review photo to anyone, briefly cached by the browser; hidden, it is private again; other photos stay private', async () => {
    const sku = await makeSku();
    const u = await buyer();
    const [line] = await completedLines(u, sku);
    const photo = await expectOk(upload(u));
    const other = await loginNew();
    const unused = await expectOk(upload(u));
    // Not yet part of a review: the uploader's alone.
    expect(await readUploadFails(other, photo.id, 404)).toBe('图片不存在');
    expect(await readUploadFails(null, photo.id, 416)).toMatch(/登录/);

    const reviewId = await writeReview(line, { rating: 5, minutes: 0, photos: [photo.id] });
    for (const viewer of [null, other, u, op]) {
      const res = await readUpload(viewer, photo.id);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cache-control')).toBe(`private, max-age=${REVIEW_PHOTO_MAX_AGE_SECONDS}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      await res.arrayBuffer();
    }
    // Another upload of the same shopper (an after-sales photo, say) is still private.
    expect(await readUploadFails(other, unused.id, 404)).toBe('图片不存在');
    expect(await readUploadFails(null, unused.id, 416)).toMatch(/登录/);

    await hide(reviewId, true);
    expect(await readUploadFails(other, photo.id, 404)).toBe('图片不存在');
    expect(await readUploadFails(null, photo.id, 416)).toMatch(/登录/);
    const own = await readUpload(u, photo.id);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toMatch(/^private, max-age=86400/);
    expect((await readUpload(op, photo.id)).status).toBe(200);
  });
});
