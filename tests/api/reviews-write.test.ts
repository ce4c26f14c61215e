/**
 * Writing 评价 and 追评 (docs/reviews.md), on PGlite and PostgreSQL: only the buyer of a line, once the
 * order is completed (确认收货, or a service order once paid) and for REVIEW_WINDOW_DAYS after; one
 * review per line, also under 24 identical concurrent POSTs (PostgreSQL: PGlite runs one
 * transaction at a time and proves nothing about races); one 追评, by the author, in time; photos
 * only the author's unused uploads, at most REVIEW_PHOTOS_MAX; REVIEWS_PER_USER_HOUR an hour, also
 * under a burst; another shopper's order or review is 404; bad input a Chinese 400. A written review
 * or 追评 tells its product's cached page, a refused one does not. The order screens' state (待评价,
 * each line's review) and 我的评价 follow.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as reviewsPost } from '@/app/api/v1/reviews/route';
import { POST as appendPost } from '@/app/api/v1/reviews/[id]/append/route';
import { GET as myReviewsGet } from '@/app/api/v1/user/reviews/route';
import { GET as ordersGet } from '@/app/api/v1/orders/route';
import { POST as deregisterCodePost } from '@/app/api/v1/user/deregister-code/route';
import { POST as deregisterPost } from '@/app/api/v1/user/deregister/route';
import { REVIEWS_PER_USER_HOUR } from '@/lib/server/limits';
import { REVIEW_CONTENT_MAX, REVIEW_PHOTOS_MAX, REVIEW_WINDOW_DAYS } from '@/lib/domain/review-rules';
import { productsChanged } from '@/lib/server/cache/cache-revalidate';
import { getDb } from '@/lib/server/db/client';
import type { Page } from '@/lib/server/db/paged';
import { reviewPhotos, reviews, uploads } from '@/lib/server/db/schema';
import { markOrderPaid } from '@/lib/server/modules/order';
import { type Order } from '@/lib/server/views/orders-detail';
import { type OrderSummary } from '@/lib/server/views/orders-list';
import type { MyReview } from '@/lib/server/views/my-reviews';
import { toReviewCount } from '@/lib/server/modules/order';
import {
  afterSalesSuite,
  ask,
  backdate,
  buyer,
  confirmReceipt,
  daysAgo,
  draft,
  expectFail,
  expectOk,
  IMAGES,
  placeOrder,
  readOrder,
  shipOrder,
  shopper,
  upload,
  type Buyer,
} from './after-sales-kit';
import { ageCodes, call, ctx, loginNew, makeSku, orderRow, patchOrder, req, type Shopper, type SkuFixture } from './session';

// The real productsChanged, watched: which product pages a write tells the cache about.
vi.mock('@/lib/server/cache/cache-revalidate', async (actual) => {
  const real = await actual<typeof import('@/lib/server/cache/cache-revalidate')>();
  return { ...real, productsChanged: vi.fn(real.productsChanged) };
});

let op: Shopper;
afterSalesSuite((o) => (op = o));
beforeEach(() => vi.mocked(productsChanged).mockClear());

type Body = { orderNo: string; orderItemId: number; rating: number; content: string; imageIds?: string[]; anonymous?: boolean };

const write = (u: Shopper, body: unknown) => call<MyReview>(reviewsPost, req('POST', '/reviews', body, { token: u.token }));
const append = (u: Shopper, id: number | string, body: unknown) => call<MyReview>(appendPost, req('POST', `/reviews/${id}/append`, body, { token: u.token }), ctx({ id: String(id) }));
const mine = (u: Shopper, query = '') => expectOk(call<Page<MyReview>>(myReviewsGet, req('GET', `/user/reviews${query}`, undefined, { token: u.token })));
const orderList = (u: Shopper, query: string) => expectOk(call<Page<OrderSummary>>(ordersGet, req('GET', `/orders${query}`, undefined, { token: u.token })));

const review = (o: Order, line = 0, over: Partial<Body> = {}): Body => ({ orderNo: o.orderNo, orderItemId: o.lines[line].id, rating: 5, content: '做工扎实，包装完好，物流很快。', ...over });

/** An order of these SKUs, paid (markOrderPaid, as the payment notification does); a service order is completed by that. */
async function paidOrder(u: Buyer, skus: SkuFixture[]): Promise<Order> {
  const placed = await placeOrder(u, skus.map((sku) => ({ sku })));
  expect(await markOrderPaid((await orderRow(placed.orderNo)).id)).toBe(true);
  return readOrder(u, placed.orderNo);
}

/** Paid, shipped by the console and received (确认收货): 已完成. */
async function receivedOrder(u: Buyer, skus: SkuFixture[]): Promise<Order> {
  const o = await paidOrder(u, skus);
  await shipOrder(op, o.orderNo);
  return confirmReceipt(u, o.orderNo);
}

async function reviewRows(orderItemId: number) {
  const db = await getDb();
  return db.select().from(reviews).where(eq(reviews.orderItemId, orderItemId));
}

describe('who may review and when', () => {
  it('the buyer reviews a received line: stars, text as typed, anonymity and the option bought; the order shows it reviewed', async () => {
    const sku = await makeSku();
    const u = await buyer();
    const o = await receivedOrder(u, [sku]);
    expect(o.actions.review).toBe(true);
    expect(o.lines[0].review).toEqual({ reviewable: true, reviewId: null, appendable: false });
    const text = '  <b>很好</b> & "不错"\n第二行  ';
    const r = await expectOk(write(u, review(o, 0, { rating: 4, content: text, anonymous: true })));
    expect(r).toMatchObject({ rating: 4, content: text.trim(), anonymous: true, skuName: sku.skuName, productName: sku.productName, orderNo: o.orderNo, canAppend: true, hidden: null, append: null, reply: null });
    const [row] = await reviewRows(o.lines[0].id);
    expect(row).toMatchObject({ userId: u.userId, productId: sku.productId, skuId: sku.skuId, photoCount: 0 });
    const after = await readOrder(u, o.orderNo);
    expect(after.lines[0].review).toEqual({ reviewable: false, reviewId: r.id, appendable: true });
    expect(after.actions.review).toBe(false);
  });

  it('not before completion: an unpaid, a paid and a shipped order are refused in Chinese', async () => {
    const sku = await makeSku();
    const u = await buyer();
    const placed = await placeOrder(u, [{ sku }]);
    expect(await expectFail(409, write(u, review(placed)))).toBe('确认收货后才能评价');
    const o = await paidOrder(u, [sku]);
    await expectFail(409, write(u, review(o)));
    await shipOrder(op, o.orderNo);
    await expectFail(409, write(u, review(o)));
    await confirmReceipt(u, o.orderNo);
    await expectOk(write(u, review(o)));
  });

  it(`within ${REVIEW_WINDOW_DAYS} days of completion, not after`, async () => {
    const sku = await makeSku();
    const u = await buyer();
    const o = await receivedOrder(u, [sku, await makeSku()]);
    await backdate(o.orderNo, { completedAt: daysAgo(REVIEW_WINDOW_DAYS - 1) });
    await expectOk(write(u, review(o, 0)));
    await backdate(o.orderNo, { completedAt: daysAgo(REVIEW_WINDOW_DAYS + 1) });
    expect(await expectFail(409, write(u, review(o, 1)))).toMatch(/已超过评价期限/);
    expect((await readOrder(u, o.orderNo)).lines[1].review.reviewable).toBe(false);
  });

  it('an order shipped 7 days ago completes by the clock and may be reviewed', async () => {
    const u = await buyer();
    const o = await paidOrder(u, [await makeSku()]);
    await shipOrder(op, o.orderNo);
    await patchOrder(o.orderNo, { shippedAt: daysAgo(8) });
    await expectOk(write(u, review(o)));
    expect((await orderRow(o.orderNo)).status).toBe('completed');
  });

  it('a service order may be reviewed once paid (its codes sent)', async () => {
    const sku = await makeSku({ kind: 'service' });
    const u = await buyer();
    const o = await paidOrder(u, [sku]);
    expect(o.status).toBe('completed');
    await expectOk(write(u, review(o)));
  });

  it("only the buyer: another shopper's order, a line of another order, an unknown order are 404", async () => {
    const u = await buyer();
    const o = await receivedOrder(u, [await makeSku()]);
    const other = await buyer();
    const theirs = await receivedOrder(other, [await makeSku()]);
    expect(await expectFail(404, write(other, review(o)))).toBe('订单不存在');
    await expectFail(404, write(u, { ...review(o), orderItemId: theirs.lines[0].id }));
    await expectFail(404, write(u, { ...review(o), orderNo: '1'.repeat(o.orderNo.length) }));
    expect(await reviewRows(o.lines[0].id)).toHaveLength(0);
    const anon = await call(reviewsPost, req('POST', '/reviews', review(o)));
    expect(anon.body.resultCode).toBe(416);
  });

  it('bad input is a Chinese 400', async () => {
    const u = await buyer();
    const o = await receivedOrder(u, [await makeSku()]);
    const cases: [unknown, RegExp][] = [
      [{ ...review(o), rating: 0 }, /1 到 5 星/],
      [{ ...review(o), rating: 6 }, /1 到 5 星/],
      [{ ...review(o), rating: 4.5 }, /评分必须是整数/],
      [{ ...review(o), rating: '五' }, /评分/],
      [{ ...review(o), content: '   ' }, /请填写评价内容/],
      [{ ...review(o), content: '好'.repeat(REVIEW_CONTENT_MAX + 1) }, /不能超过 500 个字/],
      [{ ...review(o), content: '好\u0000' }, /控制字符/],
      [{ ...review(o), orderNo: 'abc' }, /订单编号不正确/],
      [{ ...review(o), anonymous: 'yes' }, /匿名评价/],
      [{ ...review(o), imageIds: ['x'] }, /图片不正确/],
      ['not json', /JSON|请填写评价/],
    ];
    for (const [body, message] of cases) expect(await expectFail(400, write(u, body))).toMatch(message);
    // Exactly the maximum is fine, as typed.
    await expectOk(write(u, { ...review(o), content: '好'.repeat(REVIEW_CONTENT_MAX) }));
  });
});

describe('one review per line', () => {
  it('a second review of the line is a clear 409 and changes nothing', async () => {
    const u = await buyer();
    const o = await receivedOrder(u, [await makeSku()]);
    await expectOk(write(u, review(o)));
    expect(await expectFail(409, write(u, review(o, 0, { rating: 1, content: '再评一次' })))).toMatch(/该商品已评价/);
    const rows = await reviewRows(o.lines[0].id);
    expect(rows).toHaveLength(1);
    expect(rows[0].rating).toBe(5);
  });

  it.skipIf(process.env.TEST_DB === 'pglite')('24 identical concurrent POSTs: one review, the rest a 4xx (PostgreSQL)', async () => {
    const u = await buyer();
    const o = await receivedOrder(u, [await makeSku()]);
    const results = await Promise.all(Array.from({ length: 24 }, () => write(u, review(o))));
    const codes = results.map((r) => r.body.resultCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409)).toBe(true);
    expect(results.every((r) => r.res.status < 500)).toBe(true);
    expect(await reviewRows(o.lines[0].id)).toHaveLength(1);
  });
});

describe('追评', () => {
  it('once, by the author, within the window; 我的评价 shows it', async () => {
    const u = await buyer();
    const o = await receivedOrder(u, [await makeSku()]);
    const r = await expectOk(write(u, review(o)));
    const other = await loginNew();
    expect(await expectFail(404, append(other, r.id, { content: '别人的追评' }))).toBe('评价不存在');
    await expectFail(404, append(u, 999_999_999, { content: '不存在' }));
    await expectFail(404, append(u, 'abc', { content: '不存在' }));
    expect(await expectFail(400, append(u, r.id, { content: ' ' }))).toMatch(/请填写追评内容/);
    const done = await expectOk(append(u, r.id, { content: '用了一个月，依然好用。' }));
    expect(done.append).toMatchObject({ content: '用了一个月，依然好用。', photos: [] });
    expect(done.canAppend).toBe(false);
    expect(await expectFail(409, append(u, r.id, { content: '第二次追评' }))).toBe('每条评价只能追评一次');
    const [row] = await reviewRows(o.lines[0].id);
    expect(row.appendContent).toBe('用了一个月，依然好用。');
  });

  it('not after REVIEW_APPEND_DAYS', async () => {
    const u = await buyer();
    const o = await receivedOrder(u, [await makeSku()]);
    const r = await expectOk(write(u, review(o)));
    const db = await getDb();
    await db.update(reviews).set({ createdAt: daysAgo(91) }).where(eq(reviews.id, r.id));
    expect(await expectFail(409, append(u, r.id, { content: '太晚了' }))).toMatch(/已超过追评期限/);
    expect((await mine(u)).items[0].canAppend).toBe(false);
  });

  it.skipIf(process.env.TEST_DB === 'pglite')('20 concurrent 追评 on one review: one is kept whole, with its photo; the rest a 409 (PostgreSQL)', async () => {
    const sku = await makeSku();
    const u = await buyer();
    const o = await receivedOrder(u, [sku, await makeSku()]);
    const r = await expectOk(write(u, review(o)));
    // Each contender has its own text and photo, so the review shows which one won and nothing of the others.
    const texts = Array.from({ length: 20 }, (_, i) => `追评 ${i + 1}：用了一个月，依然好用。`);
    const photos = await Promise.all(texts.map(async () => (await expectOk(upload(u))).id));
    vi.mocked(productsChanged).mockClear();
    const results = await Promise.all(texts.map((content, i) => append(u, r.id, { content, imageIds: [photos[i]] })));
    const codes = results.map((x) => x.body.resultCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(texts.length - 1);
    for (const x of results) if (x.body.resultCode === 409) expect(x.body.message).toBe('每条评价只能追评一次');
    const w = codes.indexOf(200);
    expect(results[w].body.data!.append).toMatchObject({ content: texts[w] });
    const [row] = await reviewRows(o.lines[0].id);
    expect(row.appendContent).toBe(texts[w]);
    expect(row.photoCount).toBe(1);
    const db = await getDb();
    const taken = await db.select().from(reviewPhotos).where(eq(reviewPhotos.reviewId, r.id));
    expect(taken.map((p) => [p.uploadId, p.appended])).toEqual([[photos[w], true]]);
    const shown = (await mine(u)).items.find((x) => x.id === r.id)!;
    expect(shown.append!.content).toBe(texts[w]);
    expect(shown.append!.photos.map((p) => p.url.split('/').pop())).toEqual([photos[w]]);
    // The page is told once, by the winner.
    expect(vi.mocked(productsChanged).mock.calls).toEqual([[[sku.productId]]]);
    // A loser's photo was not taken: the shopper can still use it.
    const loser = codes.findIndex((c) => c === 409);
    expect((await expectOk(write(u, review(o, 1, { imageIds: [photos[loser]] })))).photos).toHaveLength(1);
  });
});

describe('the product page is told', () => {
  it("a review and its 追评 revalidate that product's page; a refused one does not", async () => {
    const sku = await makeSku();
    const next = await makeSku();
    const u = await buyer();
    const o = await receivedOrder(u, [sku, next]);
    const told = vi.mocked(productsChanged);
    told.mockClear(); // buying and receiving moved the stock, which tells the pages too
    const r = await expectOk(write(u, review(o, 0)));
    expect(told.mock.calls).toEqual([[[sku.productId]]]);
    told.mockClear();
    // Refused inside the transaction (the line is reviewed already): nothing changed, no page to render again.
    expect(await expectFail(409, write(u, review(o, 0, { content: '再评一次' })))).toMatch(/该商品已评价/);
    // Refused after the review row was inserted (a photo that is not the shopper's): rolled back, no page either.
    const theirs = (await expectOk(upload(await loginNew()))).id;
    await expectFail(400, write(u, review(o, 1, { imageIds: [theirs] })));
    expect(await reviewRows(o.lines[1].id)).toHaveLength(0);
    expect(told).not.toHaveBeenCalled();
    await expectOk(append(u, r.id, { content: '用了一个月，依然好用。' }));
    expect(told.mock.calls).toEqual([[[sku.productId]]]);
    told.mockClear();
    await expectFail(409, append(u, r.id, { content: '第二次追评' }));
    expect(told).not.toHaveBeenCalled();
    // The other line is another product: its page is the one told.
    await expectOk(write(u, review(o, 1)));
    expect(told.mock.calls).toEqual([[[next.productId]]]);
  });
});

describe('photos', () => {
  it('the author’s own unused uploads, at most six; the count kept; 追评 photos apart', async () => {
    const u = await buyer();
    const o = await receivedOrder(u, [await makeSku(), await makeSku(), await makeSku()]);
    const up = async (who: Shopper = u) => (await expectOk(upload(who, IMAGES.png, 'p.png', 'image/png'))).id;
    const other = await loginNew();
    const theirs = await up(other);
    expect(await expectFail(400, write(u, review(o, 0, { imageIds: [theirs] })))).toBe('图片已失效，请重新上传');
    const seven = await Promise.all(Array.from({ length: REVIEW_PHOTOS_MAX + 1 }, () => up()));
    expect(await expectFail(400, write(u, review(o, 0, { imageIds: seven })))).toMatch(/最多上传 6 张图片/);
    expect(await expectFail(400, write(u, review(o, 0, { imageIds: [seven[0], seven[0]] })))).toMatch(/只能上传一次/);
    const r = await expectOk(write(u, review(o, 0, { imageIds: seven.slice(0, 2) })));
    expect(r.photos).toHaveLength(2);
    expect(r.photos[0]).toMatchObject({ width: 3, height: 2 });
    expect((await reviewRows(o.lines[0].id))[0].photoCount).toBe(2);
    // Used by a review: refused for another review and for an after-sales request.
    expect(await expectFail(400, write(u, review(o, 1, { imageIds: [seven[0]] })))).toBe('图片已失效，请重新上传');
    await expectFail(400, call(reviewsPost, req('POST', '/reviews', review(o, 1, { imageIds: [seven[1], seven[2]] }), { token: u.token })));
    expect(await reviewRows(o.lines[1].id)).toHaveLength(0);
    // Used by an after-sales request.
    const a = await ask(u, draft(o, 'return_refund', 'seven_days', [[2, 1]], { imageIds: [seven[3]] }));
    expect(a.afterSaleNo).toBeTruthy();
    await expectFail(400, write(u, review(o, 1, { imageIds: [seven[3]] })));
    const after = await expectOk(append(u, r.id, { content: '补两张图', imageIds: [seven[4], seven[5]] }));
    expect(after.photos).toHaveLength(2);
    expect(after.append!.photos).toHaveLength(2);
    expect((await reviewRows(o.lines[0].id))[0].photoCount).toBe(4);
    const db = await getDb();
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(reviewPhotos).where(eq(reviewPhotos.reviewId, r.id));
    expect(n).toBe(4);
  });

  it('after-sales refuses a photo a review took', async () => {
    const u = await buyer();
    const o = await receivedOrder(u, [await makeSku(), await makeSku()]);
    const id = (await expectOk(upload(u))).id;
    await expectOk(write(u, review(o, 0, { imageIds: [id] })));
    await expectFail(400, call(reviewsPost, req('POST', '/reviews', review(o, 1, { imageIds: [id] }), { token: u.token })));
    expect(await expectFail(400, shopper.create(u, draft(o, 'return_refund', 'seven_days', [[1, 1]], { imageIds: [id] })))).toBe('图片已失效，请重新上传');
  });
});

describe('rate limit', () => {
  it(`${REVIEWS_PER_USER_HOUR} reviews an hour per shopper, then a Chinese 429`, async () => {
    const skus = await Promise.all(Array.from({ length: REVIEWS_PER_USER_HOUR + 1 }, () => makeSku()));
    const u = await buyer();
    const o = await receivedOrder(u, skus);
    for (let i = 0; i < REVIEWS_PER_USER_HOUR; i++) await expectOk(write(u, review(o, i)));
    expect(await expectFail(429, write(u, review(o, REVIEWS_PER_USER_HOUR)))).toMatch(/每小时最多发表 20 条评价/);
    // Another shopper is not limited by this one.
    const v = await buyer();
    await expectOk(write(v, review(await receivedOrder(v, [skus[0]]))));
  });

  it('a 追评 is a write of its own: 10 reviews and their 10 追评 use up the hour', async () => {
    const skus = await Promise.all(Array.from({ length: REVIEWS_PER_USER_HOUR / 2 + 1 }, () => makeSku()));
    const u = await buyer();
    const o = await receivedOrder(u, skus);
    for (let i = 0; i < REVIEWS_PER_USER_HOUR / 2; i++) {
      const r = await expectOk(write(u, review(o, i)));
      await expectOk(append(u, r.id, { content: `用了一周，补充第 ${i + 1} 条` }));
    }
    expect(await expectFail(429, write(u, review(o, REVIEWS_PER_USER_HOUR / 2)))).toBe(`每小时最多发表 ${REVIEWS_PER_USER_HOUR} 条评价，请稍后再试`);
  });

  it.skipIf(process.env.TEST_DB === 'pglite')(`a burst of 60 reviews at once: exactly ${REVIEWS_PER_USER_HOUR} written, the rest a Chinese 429 (PostgreSQL)`, async () => {
    // 30 products bought twice: 60 lines, each reviewable once, so a refusal can only be the limit.
    const skus = await Promise.all(Array.from({ length: 30 }, () => makeSku()));
    const u = await buyer();
    const bought = [await receivedOrder(u, skus), await receivedOrder(u, skus)];
    const bodies = bought.flatMap((o) => o.lines.map((_, i) => review(o, i)));
    expect(bodies).toHaveLength(60);
    vi.mocked(productsChanged).mockClear();
    const results = await Promise.all(bodies.map((b) => write(u, b)));
    const codes = results.map((x) => x.body.resultCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(REVIEWS_PER_USER_HOUR);
    expect(codes.filter((c) => c === 429)).toHaveLength(bodies.length - REVIEWS_PER_USER_HOUR);
    for (const x of results) if (x.body.resultCode === 429) expect(x.body.message).toBe(`每小时最多发表 ${REVIEWS_PER_USER_HOUR} 条评价，请稍后再试`);
    // The rows are exactly the answered ones: a 429 left nothing behind, a 200 was not rolled back.
    const db = await getDb();
    const rows = await db.select().from(reviews).where(eq(reviews.userId, u.userId));
    const written = results.filter((x) => x.body.resultCode === 200).map((x) => x.body.data!.orderItemId);
    expect(rows.map((x) => x.orderItemId).sort((a, b) => a - b)).toEqual(written.sort((a, b) => a - b));
    expect((await mine(u)).total).toBe(REVIEWS_PER_USER_HOUR);
    expect(vi.mocked(productsChanged)).toHaveBeenCalledTimes(REVIEWS_PER_USER_HOUR);
    // Once the burst is over the limit still holds, one at a time.
    await expectFail(429, write(u, bodies[codes.indexOf(429)]));
  }, 60_000);
});

describe('the order screens and 我的评价', () => {
  it('待评价 lists completed orders with a line to review, and counts them', async () => {
    const u = await buyer();
    const a = await receivedOrder(u, [await makeSku(), await makeSku()]);
    const b = await paidOrder(u, [await makeSku({ kind: 'service' })]);
    await paidOrder(u, [await makeSku()]); // 待发货: nothing to review
    const old = await receivedOrder(u, [await makeSku()]);
    await backdate(old.orderNo, { completedAt: daysAgo(REVIEW_WINDOW_DAYS + 1) });
    const list = await orderList(u, '?status=to_review');
    expect(list.items.map((x) => x.orderNo).sort()).toEqual([a.orderNo, b.orderNo].sort());
    expect(list.items.every((x) => x.canReview)).toBe(true);
    expect(await toReviewCount(u.userId)).toBe(2);
    await expectOk(write(u, review(a, 0)));
    expect((await orderList(u, '?status=to_review')).total).toBe(2);
    await expectOk(write(u, review(a, 1)));
    await expectOk(write(u, review(b, 0)));
    expect((await orderList(u, '?status=to_review')).total).toBe(0);
    expect(await toReviewCount(u.userId)).toBe(0);
    const all = await orderList(u, '');
    expect(all.items.find((x) => x.orderNo === a.orderNo)!.canReview).toBe(false);
  });

  it('我的评价: newest first, paged, own only; a hidden review shows its reason to its author', async () => {
    const u = await buyer();
    const o = await receivedOrder(u, [await makeSku(), await makeSku()]);
    const first = await expectOk(write(u, review(o, 0, { content: '第一条' })));
    const second = await expectOk(write(u, review(o, 1, { content: '第二条' })));
    const db = await getDb();
    await db.update(reviews).set({ hiddenAt: new Date(), hiddenReason: '含有广告信息', reply: '感谢支持', repliedAt: new Date() }).where(eq(reviews.id, first.id));
    const page = await mine(u);
    expect(page.total).toBe(2);
    expect(page.items.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(page.items[1].hidden).toMatchObject({ reason: '含有广告信息' });
    expect(page.items[1].reply).toMatchObject({ content: '感谢支持' });
    expect((await mine(u, '?page=2&pageSize=10')).items).toHaveLength(0);
    const other = await loginNew();
    expect((await mine(other)).total).toBe(0);
  });
});

describe('注销账号', () => {
  it("erases the shopper's reviews with their photos; another shopper's stay", async () => {
    const sku = await makeSku();
    const u = await buyer();
    const v = await buyer();
    const mineReview = await expectOk(write(u, review(await receivedOrder(u, [sku]), 0, { imageIds: [(await expectOk(upload(u))).id] })));
    const theirs = await expectOk(write(v, review(await receivedOrder(v, [sku]))));
    await ageCodes(u.phone);
    const { devCode } = await expectOk(call<{ devCode: string }>(deregisterCodePost, req('POST', '/user/deregister-code', {}, { token: u.token })));
    await expectOk(call(deregisterPost, req('POST', '/user/deregister', { code: devCode }, { token: u.token })));
    const db = await getDb();
    expect(await db.select().from(reviews).where(eq(reviews.id, mineReview.id))).toHaveLength(0);
    expect(await db.select().from(reviewPhotos).where(eq(reviewPhotos.reviewId, mineReview.id))).toHaveLength(0);
    expect(await db.select().from(uploads).where(eq(uploads.userId, u.userId))).toHaveLength(0);
    expect(await db.select().from(reviews).where(eq(reviews.id, theirs.id))).toHaveLength(1);
  });
});
