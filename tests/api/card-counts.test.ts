/**
 * The numbers the product cards print (docs/rules.md#product-cards), from the lists' one query, on
 * PGlite and PostgreSQL: 已售 (units of paid and kept orders), the visible reviews' count and 好评率;
 * a hidden review, a cancelled or unpaid order count nowhere; a product nobody bought or reviewed has
 * zeros (the card then says nothing). GET /products and the home page's and landing pages' reads agree.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as getProducts } from '@/app/api/v1/products/route';
import type { OrderStatus } from '@/lib/domain/order-status';
import { getDb } from '@/lib/server/db/client';
import { categories, orderItems, orders, products, reviews } from '@/lib/server/db/schema';
import { listFeaturedProducts, listProductsByIds, listProductsInCategory, type ProductSummary } from '@/lib/server/views/product-cards';
import { envelope, get } from './helpers';
import { loginNew, makeSku, type Shopper, type SkuFixture } from './session';

type Counts = Pick<ProductSummary, 'sold' | 'reviewCount' | 'goodPercent'>;
const counts = (p: ProductSummary | undefined): Counts | undefined => p && { sold: p.sold, reviewCount: p.reviewCount, goodPercent: p.goodPercent };

let orderSeq = 0;
/** An order of `quantities` (one line each) in `status`, written as the order service leaves it. */
async function order(u: Shopper, sku: SkuFixture, status: OrderStatus, quantities: number[]): Promise<number[]> {
  const db = await getDb();
  const total = sku.priceFen * quantities.reduce((a, b) => a + b, 0);
  const [o] = await db
    .insert(orders)
    .values({ orderNo: `2097${String(u.userId).padStart(8, '0')}${String(++orderSeq).padStart(8, '0')}`, userId: u.userId, status, itemsTotalFen: total, totalFen: total, idempotencyKey: `cards-${u.userId}-${orderSeq}`, payDeadline: new Date() })
    .returning({ id: orders.id });
  const lines = await db
    .insert(orderItems)
    .values(quantities.map((quantity) => ({ orderId: o.id, productId: sku.productId, skuId: sku.skuId, productName: sku.productName, skuName: sku.skuName, kind: sku.kind, priceFen: sku.priceFen, quantity, paidFen: sku.priceFen * quantity })))
    .returning({ id: orderItems.id });
  return lines.map((l) => l.id);
}

async function review(u: Shopper, sku: SkuFixture, orderItemId: number, rating: number, hidden = false) {
  const db = await getDb();
  const [line] = await db.select({ orderId: orderItems.orderId }).from(orderItems).where(eq(orderItems.id, orderItemId));
  await db.insert(reviews).values({
    productId: sku.productId,
    skuId: sku.skuId,
    skuName: sku.skuName,
    orderId: line.orderId,
    orderItemId,
    userId: u.userId,
    rating,
    content: `${rating} 星`,
    hiddenAt: hidden ? new Date() : null,
    hiddenReason: hidden ? '含广告信息' : null,
  });
}

async function listed(q: string, id: number): Promise<ProductSummary | undefined> {
  const res = await getProducts(get(`/products?${new URLSearchParams({ q, pageSize: '100' })}`), undefined);
  const body = await envelope<{ items: ProductSummary[] }>(res);
  expect(res.status).toBe(200);
  return body.data!.items.find((i) => i.id === id);
}

describe('the cards’ 已售, 条评价 and 好评率', () => {
  let rated: SkuFixture;
  let bare: SkuFixture;
  let slug: string;

  beforeAll(async () => {
    const u = await loginNew();
    rated = await makeSku();
    bare = await makeSku();
    const db = await getDb();
    await db.update(products).set({ featured: true }).where(eq(products.id, rated.productId));
    [{ slug }] = await db.select({ slug: categories.slug }).from(categories).innerJoin(products, eq(products.categoryId, categories.id)).where(eq(products.id, rated.productId));

    // 3 units paid and kept: one 待发货 order of 1, one 已完成 order of 1 + 1 (three lines to review).
    const [paidLine] = await order(u, rated, 'paid', [1]);
    const [a, b] = await order(u, rated, 'completed', [1, 1]);
    // Not sold: cancelled, unpaid, refunded.
    for (const status of ['cancelled', 'pending_payment', 'refunded'] as const) await order(u, rated, status, [50]);
    await review(u, rated, a, 5);
    await review(u, rated, b, 4);
    await review(u, rated, paidLine, 1, true); // hidden by the operator: counts nowhere
  });

  it('GET /products: 已售 3, 2 条评价, 好评率 100%; the hidden 1-star review and the other orders not counted', async () => {
    expect(counts(await listed(rated.productName, rated.productId))).toEqual({ sold: 3, reviewCount: 2, goodPercent: 100 });
  });

  it('a product nobody bought or reviewed: zeros', async () => {
    expect(counts(await listed(bare.productName, bare.productId))).toEqual({ sold: 0, reviewCount: 0, goodPercent: 0 });
  });

  it('the home page’s and landing pages’ reads carry the same numbers', async () => {
    const want = { sold: 3, reviewCount: 2, goodPercent: 100 };
    expect(counts((await listFeaturedProducts()).find((p) => p.id === rated.productId))).toEqual(want);
    expect(counts((await listProductsInCategory(slug)).find((p) => p.id === rated.productId))).toEqual(want);
    expect((await listProductsByIds([bare.productId, rated.productId])).map(counts)).toEqual([{ sold: 0, reviewCount: 0, goodPercent: 0 }, want]);
  });

  it('a 3-star review (中评) lowers 好评率 to 67%, and showing the hidden one again counts it', async () => {
    const u = await loginNew();
    const [line] = await order(u, rated, 'completed', [2]);
    await review(u, rated, line, 3);
    expect(counts(await listed(rated.productName, rated.productId))).toEqual({ sold: 5, reviewCount: 3, goodPercent: 67 });
    const db = await getDb();
    await db.update(reviews).set({ hiddenAt: null, hiddenReason: null }).where(eq(reviews.productId, rated.productId));
    expect(counts(await listed(rated.productName, rated.productId))).toEqual({ sold: 5, reviewCount: 4, goodPercent: 50 });
  });
});
