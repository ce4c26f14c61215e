/**
 * 评价 in the operator console, on PGlite and PostgreSQL (docs/reviews.md, docs/api.md#operator-endpoints):
 * the list and each filter, 隐藏 (with a reason) / 恢复显示 / 商家回复 as guarded moves with their
 * audit rows, the product page told each time, a hidden review leaving the average, and who may call.
 * The reviews are rows of real completed orders (bought, shipped by the console, received), written
 * straight into the table: how a shopper writes one is tested with its own endpoint.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as listGet } from '@/app/api/v1/admin/reviews/route';
import { GET as oneGet } from '@/app/api/v1/admin/reviews/[id]/route';
import { POST as hidePost } from '@/app/api/v1/admin/reviews/[id]/hide/route';
import { POST as showPost } from '@/app/api/v1/admin/reviews/[id]/show/route';
import { POST as replyPost } from '@/app/api/v1/admin/reviews/[id]/reply/route';
import { GET as dashboardGet } from '@/app/api/v1/admin/dashboard/route';
import { POST as shipPost } from '@/app/api/v1/admin/orders/[orderNo]/ship/route';
import { POST as confirmPost } from '@/app/api/v1/orders/[orderNo]/confirm/route';
import { GET as productReviewsGet } from '@/app/api/v1/products/[id]/reviews/route';
import { REVIEW_HIDE_REASON_MAX, REVIEW_REPLY_MAX } from '@/lib/domain/review-rules';
import { productsChanged } from '@/lib/server/cache/cache-revalidate';
import { getDb } from '@/lib/server/db/client';
import type { Page } from '@/lib/server/db/paged';
import { orderItems, reviewPhotos, reviews, uploads } from '@/lib/server/db/schema';
import type { AdminReview, AdminReviewDetail, AdminReviewList } from '@/lib/server/views/console-reviews';
import type { ProductReviews } from '@/lib/server/views/product-reviews';
import { HAN } from './helpers';
import { auditRows, loginOperator, placeOrder, whileAuditFails } from './admin-session';
import { call, ctx, fails, loginNew, makeSku, ok, req, type Shopper, type SkuFixture } from './session';

vi.mock('@/lib/server/cache/cache-revalidate', async (actual) => {
  const real = await actual<typeof import('@/lib/server/cache/cache-revalidate')>();
  return { ...real, productsChanged: vi.fn(real.productsChanged) };
});

let op: Shopper;
let sku: SkuFixture;
let other: SkuFixture;

type Made = { id: number; orderNo: string; buyer: Shopper };

/** A completed order of `s` (paid, shipped by the console, received by its buyer) and its review row. */
async function reviewed(s: SkuFixture, o: { rating: number; content: string; photos?: number; append?: string; nickname?: string } ): Promise<Made> {
  const placed = await placeOrder({ paid: true, sku: s });
  const orderNo = placed.order.orderNo;
  await ok(shipPost, req('POST', `/admin/orders/${orderNo}/ship`, { carrier: '顺丰速运', trackingNo: `SF${Date.now()}` }, { token: op.token }), ctx({ orderNo }));
  await ok(confirmPost, req('POST', `/orders/${orderNo}/confirm`, {}, { token: placed.buyer.token }), ctx({ orderNo }));
  const db = await getDb();
  const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
  const [r] = await db
    .insert(reviews)
    .values({
      productId: s.productId,
      skuId: s.skuId,
      skuName: line.skuName,
      orderId: placed.orderId,
      orderItemId: line.id,
      userId: placed.buyer.userId,
      rating: o.rating,
      content: o.content,
      photoCount: o.photos ?? 0,
      ...(o.append ? { appendContent: o.append, appendedAt: new Date() } : {}),
    })
    .returning({ id: reviews.id });
  for (let i = 0; i < (o.photos ?? 0); i++) {
    const id = randomBytes(16).toString('hex');
    await db.insert(uploads).values({ id, userId: placed.buyer.userId, contentType: 'image/jpeg', sizeBytes: 3, width: 10, height: 10, bytes: new Uint8Array([1, 2, 3]) });
    await db.insert(reviewPhotos).values({ reviewId: r.id, uploadId: id });
  }
  return { id: r.id, orderNo, buyer: placed.buyer };
}

const list = (query = '') => ok<AdminReviewList>(listGet, req('GET', `/admin/reviews${query}`, undefined, { token: op.token }));
const ids = (p: Page<AdminReview>) => p.items.map((r) => r.id);
const hide = (id: number, body: unknown, token = op.token) => call<AdminReviewDetail>(hidePost, req('POST', `/admin/reviews/${id}/hide`, body, { token }), ctx({ id }));
const show = (id: number, token = op.token) => call<AdminReviewDetail>(showPost, req('POST', `/admin/reviews/${id}/show`, {}, { token }), ctx({ id }));
const reply = (id: number, body: unknown, token = op.token) => call<AdminReviewDetail>(replyPost, req('POST', `/admin/reviews/${id}/reply`, body, { token }), ctx({ id }));

/** The product's numbers as its page shows them (GET /products/{id}/reviews): shown reviews only. */
async function summary(productId: number): Promise<{ average: number | null; count: number }> {
  const r = await ok<ProductReviews>(productReviewsGet, req('GET', `/products/${productId}/reviews`), ctx({ id: String(productId) }));
  return { average: r.summary.count ? r.summary.average : null, count: r.summary.count };
}

let good: Made;
let bad: Made;
let mid: Made;
let elsewhere: Made;

beforeAll(async () => {
  op = await loginOperator();
  sku = await makeSku({ stock: 50 });
  other = await makeSku({ stock: 50 });
  good = await reviewed(sku, { rating: 5, content: '量子密钥设备做工扎实，安装顺利', photos: 2, append: '用了一个月，很稳定' });
  mid = await reviewed(sku, { rating: 3, content: '一般般，说明书不够详细' });
  bad = await reviewed(sku, { rating: 1, content: '<script>alert(1)</script> 到货有划痕' });
  elsewhere = await reviewed(other, { rating: 4, content: '另一件商品的好评' });
});

beforeEach(() => vi.mocked(productsChanged).mockClear());

describe('GET /admin/reviews', () => {
  it('lists every review newest first, with product, option, stars, photos, 追评, masked shopper and order', async () => {
    const p = await list();
    const mine = p.items.filter((r) => [good.id, mid.id, bad.id, elsewhere.id].includes(r.id));
    expect(mine.map((r) => r.id)).toEqual([elsewhere.id, bad.id, mid.id, good.id]);
    const g = p.items.find((r) => r.id === good.id)!;
    expect(g).toMatchObject({ productId: sku.productId, productName: sku.productName, skuName: sku.skuName, rating: 5, ratingLabel: '非常好', bucket: 'good', orderNo: good.orderNo, hidden: null, reply: null });
    expect(g.photos).toHaveLength(2);
    expect(g.photos[0].url).toMatch(/\/api\/v1\/uploads\/[0-9a-f]{32}$/);
    expect(g.append?.content).toBe('用了一个月，很稳定');
    expect(g.buyer).toContain(`${good.buyer.phone.slice(0, 3)}****${good.buyer.phone.slice(7)}`);
    expect(g.buyer).not.toContain(good.buyer.phone);
    expect(p.products.map((x) => x.id)).toEqual(expect.arrayContaining([sku.productId, other.productId]));
    expect(p.pageSize).toBe(10);
  });

  it('filters by product, stars (bucket or number), 有图, and pages', async () => {
    expect(ids(await list(`?productId=${other.productId}`))).toEqual([elsewhere.id]);
    expect(ids(await list(`?productId=${sku.productId}&stars=bad`))).toEqual([bad.id]);
    expect(ids(await list(`?productId=${sku.productId}&stars=neutral`))).toEqual([mid.id]);
    expect(ids(await list(`?productId=${sku.productId}&stars=good`))).toEqual([good.id]);
    expect(ids(await list(`?productId=${sku.productId}&stars=3`))).toEqual([mid.id]);
    expect(ids(await list(`?productId=${sku.productId}&stars=2`))).toEqual([]);
    expect(ids(await list(`?productId=${sku.productId}&photos=yes`))).toEqual([good.id]);
    const first = await list(`?productId=${sku.productId}&pageSize=10`);
    expect(first.total).toBe(3);
    // A bad value is dropped, not refused: the whole product's list.
    expect(ids(await list(`?productId=${sku.productId}&stars=7&photos=maybe&hidden=x`))).toEqual(ids(first));
    const twoPages = await list(`?productId=${sku.productId}&page=2&pageSize=10`);
    expect(twoPages.items).toEqual([]);
    expect(twoPages.total).toBe(3);
  });

  it('searches the order number, the shopper phone and the text (逐字, % and _ taken literally)', async () => {
    expect(ids(await list(`?q=${mid.orderNo}`))).toEqual([mid.id]);
    expect(ids(await list(`?q=${bad.buyer.phone}`))).toEqual([bad.id]);
    expect(ids(await list(`?q=${encodeURIComponent('说明书')}`))).toEqual([mid.id]);
    expect(ids(await list(`?q=${encodeURIComponent('一个月')}`))).toEqual([good.id]);
    expect(ids(await list(`?productId=${sku.productId}&q=%25`))).toEqual([]);
  });

  it('filters 已回复 / 未回复 and 已隐藏 / 显示中', async () => {
    const r = await reviewed(sku, { rating: 2, content: '物流太慢' });
    const h = await reviewed(sku, { rating: 4, content: '还不错' });
    await ok(replyPost, req('POST', `/admin/reviews/${r.id}/reply`, { content: '抱歉，已督促快递' }, { token: op.token }), ctx({ id: r.id }));
    await ok(hidePost, req('POST', `/admin/reviews/${h.id}/hide`, { reason: '广告内容' }, { token: op.token }), ctx({ id: h.id }));
    const q = `?productId=${sku.productId}`;
    expect(ids(await list(`${q}&replied=yes`))).toEqual([r.id]);
    expect(ids(await list(`${q}&replied=no`))).not.toContain(r.id);
    expect(ids(await list(`${q}&hidden=yes`))).toEqual([h.id]);
    expect(ids(await list(`${q}&hidden=no`))).not.toContain(h.id);
    expect((await list(`${q}&hidden=yes`)).items[0].hidden?.reason).toBe('广告内容');
  });
});

describe('GET /admin/reviews/{id}', () => {
  it('shows one review with its audit trail; an unknown or malformed id is 404', async () => {
    const d = await ok<AdminReviewDetail>(oneGet, req('GET', `/admin/reviews/${good.id}`, undefined, { token: op.token }), ctx({ id: good.id }));
    expect(d.id).toBe(good.id);
    expect(d.audit).toEqual([]);
    expect(HAN.test(await fails(404, oneGet, req('GET', '/admin/reviews/99999999', undefined, { token: op.token }), ctx({ id: 99999999 })))).toBe(true);
    await fails(404, oneGet, req('GET', '/admin/reviews/abc', undefined, { token: op.token }), ctx({ id: 'abc' }));
  });
});

describe('hide and show', () => {
  it('hide needs a reason (Chinese 400s), then hides once, audits it and revalidates the product; twice is 409', async () => {
    const r = await reviewed(sku, { rating: 1, content: '垃圾广告 加微信' });
    vi.mocked(productsChanged).mockClear(); // buying moved the stock
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(REVIEW_HIDE_REASON_MAX + 1) }, { reason: '换\n行' }, { reason: 42 }, null]) {
      const { body: env } = await hide(r.id, body);
      expect(env.resultCode, JSON.stringify(body)).toBe(400);
      expect(HAN.test(env.message)).toBe(true);
    }
    expect(await auditRows('review', r.id)).toEqual([]);
    expect(productsChanged).not.toHaveBeenCalled();

    const { body: env } = await hide(r.id, { reason: '  含联系方式的广告  ' });
    expect(env.resultCode, env.message).toBe(200);
    expect(env.data!.hidden?.reason).toBe('含联系方式的广告');
    expect(env.data!.audit.map((a) => a.actionLabel)).toEqual(['隐藏评价']);
    expect(productsChanged).toHaveBeenCalledWith([sku.productId]);
    const rows = await auditRows('review', r.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'review.hide', actorUserId: op.userId, before: { hidden: false }, after: { hidden: true, reason: '含联系方式的广告' } });

    const again = await hide(r.id, { reason: '再隐藏一次' });
    expect(again.body.resultCode).toBe(409);
    expect(again.res.status).toBe(409);
    expect(HAN.test(again.body.message)).toBe(true);
    expect(await auditRows('review', r.id)).toHaveLength(1);
  });

  it('show brings back a hidden review only (409 for a shown one), audited', async () => {
    const r = await reviewed(sku, { rating: 2, content: '误伤的评价' });
    expect((await show(r.id)).body.resultCode).toBe(409);
    await hide(r.id, { reason: '误判' });
    const { body } = await show(r.id);
    expect(body.resultCode, body.message).toBe(200);
    expect(body.data!.hidden).toBeNull();
    expect(productsChanged).toHaveBeenLastCalledWith([sku.productId]);
    const rows = await auditRows('review', r.id);
    expect(rows.map((a) => a.action)).toEqual(['review.hide', 'review.show']);
    expect(rows[1]).toMatchObject({ before: { hidden: true, reason: '误判' }, after: { hidden: false } });
    expect((await show(r.id)).body.resultCode).toBe(409);
  });

  it('a hidden review leaves the product average and count; shown again, it counts again', async () => {
    const s = await makeSku({ stock: 10 });
    await reviewed(s, { rating: 5, content: '很好' });
    const low = await reviewed(s, { rating: 1, content: '很差' });
    expect(await summary(s.productId)).toEqual({ average: 3, count: 2 });
    await hide(low.id, { reason: '恶意差评' });
    expect(await summary(s.productId)).toEqual({ average: 5, count: 1 });
    await show(low.id);
    expect(await summary(s.productId)).toEqual({ average: 3, count: 2 });
  });

  it('a move whose audit row cannot be written leaves the review as it was', async () => {
    const r = await reviewed(sku, { rating: 1, content: '审计失败时不应被隐藏' });
    const move = (h: typeof hidePost, action: string, body: unknown) => h(req('POST', `/admin/reviews/${r.id}/${action}`, body, { token: op.token }), ctx({ id: r.id }));
    for (const res of [await whileAuditFails(() => move(hidePost, 'hide', { reason: '广告' })), await whileAuditFails(() => move(replyPost, 'reply', { content: '谢谢' }))]) {
      expect(res.status).toBe(500);
      expect(((await res.json()) as { message: string }).message).toMatch(HAN);
    }
    expect(await auditRows('review', r.id)).toEqual([]);
    const db = await getDb();
    const [row] = await db.select().from(reviews).where(eq(reviews.id, r.id));
    expect(row).toMatchObject({ hiddenAt: null, hiddenReason: null, reply: null, repliedAt: null });
  });

  it('unknown ids are 404 for every move', async () => {
    for (const [h, body] of [
      [hidePost, { reason: '广告' }],
      [showPost, {}],
      [replyPost, { content: '谢谢' }],
    ] as const) {
      const { body: env } = await call(h, req('POST', '/admin/reviews/99999999/x', body, { token: op.token }), ctx({ id: 99999999 }));
      expect(env.resultCode).toBe(404);
      expect(env.message).toBe('评价不存在');
    }
  });
});

describe('reply', () => {
  it('needs 1..REVIEW_REPLY_MAX characters; a second reply replaces the first; both audited', async () => {
    const r = await reviewed(sku, { rating: 2, content: '包装破损' });
    for (const body of [{}, { content: '' }, { content: 'x'.repeat(REVIEW_REPLY_MAX + 1) }, { content: '\u0000' }]) {
      const { body: env } = await reply(r.id, body);
      expect(env.resultCode, JSON.stringify(body)).toBe(400);
      expect(HAN.test(env.message)).toBe(true);
    }
    const first = await reply(r.id, { content: '抱歉给您带来不便，\n已为您补发包装。' });
    expect(first.body.data!.reply?.content).toBe('抱歉给您带来不便，\n已为您补发包装。');
    expect(productsChanged).toHaveBeenCalledWith([sku.productId]);
    const second = await reply(r.id, { content: '<b>已联系您处理</b>' });
    expect(second.body.data!.reply?.content).toBe('<b>已联系您处理</b>');
    const db = await getDb();
    const [row] = await db.select().from(reviews).where(eq(reviews.id, r.id));
    expect(row.reply).toBe('<b>已联系您处理</b>');
    const rows = await auditRows('review', r.id);
    expect(rows.map((a) => a.action)).toEqual(['review.reply', 'review.reply']);
    expect(rows[1]).toMatchObject({ before: { reply: '抱歉给您带来不便，\n已为您补发包装。' }, after: { reply: '<b>已联系您处理</b>' } });
  });
});

describe('who may call', () => {
  it('a shopper gets 403, a visitor 416; nothing changes', async () => {
    const shopper = await loginNew();
    for (const token of [shopper.token, undefined]) {
      const code = token ? 403 : 416;
      expect((await call(listGet, req('GET', '/admin/reviews', undefined, { token }))).body.resultCode).toBe(code);
      expect((await call(oneGet, req('GET', `/admin/reviews/${bad.id}`, undefined, { token }), ctx({ id: bad.id }))).body.resultCode).toBe(code);
      expect((await call(hidePost, req('POST', `/admin/reviews/${bad.id}/hide`, { reason: '广告' }, { token }), ctx({ id: bad.id }))).body.resultCode).toBe(code);
      expect((await call(showPost, req('POST', `/admin/reviews/${bad.id}/show`, {}, { token }), ctx({ id: bad.id }))).body.resultCode).toBe(code);
      expect((await call(replyPost, req('POST', `/admin/reviews/${bad.id}/reply`, { content: '你好' }, { token }), ctx({ id: bad.id }))).body.resultCode).toBe(code);
    }
    // Even the review's own author is a shopper here.
    expect((await call(hidePost, req('POST', `/admin/reviews/${bad.id}/hide`, { reason: '广告' }, { token: bad.buyer.token }), ctx({ id: bad.id }))).body.resultCode).toBe(403);
    expect(await auditRows('review', bad.id)).toEqual([]);
  });
});

describe('概览 待回复差评', () => {
  it('counts shown 1–2 star reviews with no reply', async () => {
    type Dash = { badReviewsToReply: number };
    const before = (await ok<Dash>(dashboardGet, req('GET', '/admin/dashboard', undefined, { token: op.token }))).badReviewsToReply;
    const r = await reviewed(other, { rating: 2, content: '不满意' });
    expect((await ok<Dash>(dashboardGet, req('GET', '/admin/dashboard', undefined, { token: op.token }))).badReviewsToReply).toBe(before + 1);
    await reply(r.id, { content: '已联系' });
    expect((await ok<Dash>(dashboardGet, req('GET', '/admin/dashboard', undefined, { token: op.token }))).badReviewsToReply).toBe(before);
  });
});
