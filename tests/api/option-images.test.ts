/**
 * An option's own picture (skus.image; null = the product's first image): the product API gives it per
 * option, and the cart line, the checkout preview line and the order line's snapshot show the chosen
 * option's picture. The seed gives the colour options theirs, and fills it into existing rows that
 * have none without overwriting one that is set (lib/server/db/seed.ts).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as itemsPost } from '@/app/api/v1/cart/items/route';
import { GET as orderGet } from '@/app/api/v1/orders/[orderNo]/route';
import { POST as orderPost } from '@/app/api/v1/orders/route';
import { POST as previewPost } from '@/app/api/v1/orders/preview/route';
import { GET as productGet } from '@/app/api/v1/products/[id]/route';
import { getDb } from '@/lib/server/db/client';
import { products, skus } from '@/lib/server/db/schema';
import { seedDb } from '@/lib/server/db/seed';
import type { CartView } from '@/lib/server/modules/cart';
import type { ProductDetail } from '@/lib/server/modules/catalog';
import type { Order } from '@/lib/server/views/orders-detail';
import type { Preview } from '@/lib/server/flows/checkout';
import { addAddress, ctx, idemKey, loginNew, makeSku, ok, req } from './session';

const FIRST = '/images/products/quantum-earbuds-q1-1.svg';
const WHITE = '/images/products/quantum-earbuds-q1-white.svg';

async function productWithTwoOptions() {
  const plain = await makeSku({ stock: 20 });
  const db = await getDb();
  await db.update(products).set({ images: [{ src: FIRST, alt: '正面', width: 800, height: 800 }] }).where(eq(products.id, plain.productId));
  const [white] = await db
    .insert(skus)
    .values({ productId: plain.productId, code: `T-W-${plain.skuId}`, name: '云母白', priceFen: 5_000, listPriceFen: 5_000, stock: 20, image: WHITE })
    .returning({ id: skus.id });
  return { productId: plain.productId, plainSkuId: plain.skuId, whiteSkuId: white.id };
}

describe("an option's own picture", () => {
  it('GET /products/{id} gives each option its image (null: the product image)', async () => {
    const p = await productWithTwoOptions();
    const detail = await ok<ProductDetail>(productGet, req('GET', `/products/${p.productId}`), ctx({ id: p.productId }));
    expect(detail.skus.find((s) => s.id === p.whiteSkuId)?.image).toBe(WHITE);
    expect(detail.skus.find((s) => s.id === p.plainSkuId)?.image).toBeNull();
  });

  it('the cart line, the checkout preview line and the order line show the chosen option’s picture', async () => {
    const p = await productWithTwoOptions();
    const u = await loginNew();
    const cart = await ok<CartView>(itemsPost, req('POST', '/cart/items', { skuId: p.whiteSkuId, quantity: 1 }, { token: u.token }));
    await ok<CartView>(itemsPost, req('POST', '/cart/items', { skuId: p.plainSkuId, quantity: 1 }, { token: u.token }));
    expect(cart.items.find((i) => i.skuId === p.whiteSkuId)?.image).toBe(WHITE);

    const addressId = (await addAddress(u.token)).id;
    const preview = await ok<Preview>(previewPost, req('POST', '/orders/preview', { fromCart: true, addressId }, { token: u.token }));
    expect(Object.fromEntries(preview.lines.map((l) => [l.skuId, l.image]))).toEqual({ [p.whiteSkuId]: WHITE, [p.plainSkuId]: FIRST });

    const order = await ok<Order>(orderPost, req('POST', '/orders', { fromCart: true, addressId, idempotencyKey: idemKey() }, { token: u.token }));
    expect(Object.fromEntries(order.lines.map((l) => [l.skuId, l.image]))).toEqual({ [p.whiteSkuId]: WHITE, [p.plainSkuId]: FIRST });
    // The order keeps its snapshot when the option's picture changes later.
    const db = await getDb();
    await db.update(skus).set({ image: '/images/products/quantum-earbuds-q1-2.svg' }).where(eq(skus.id, p.whiteSkuId));
    const again = await ok<Order>(orderGet, req('GET', `/orders/${order.orderNo}`, undefined, { token: u.token }), ctx({ orderNo: order.orderNo }));
    expect(again.lines.find((l) => l.skuId === p.whiteSkuId)?.image).toBe(WHITE);
  });

  it('the seed gives the colour options their pictures, fills one that is missing and keeps one that is set', async () => {
    const db = await getDb();
    const imageOf = async (code: string) => (await db.select({ image: skus.image }).from(skus).where(eq(skus.code, code)))[0].image;
    expect(await imageOf('Q1L-WHT')).toBe('/images/products/quantum-earbuds-q1-lite-white.svg');
    expect(await imageOf('H200-SLV')).toBe('/images/products/quantum-headset-200-silver.svg');

    await db.update(skus).set({ image: null }).where(eq(skus.code, 'Q1-WHT'));
    await db.update(skus).set({ image: '/images/products/quantum-earbuds-q1-3.svg', stock: 7 }).where(eq(skus.code, 'Q1L-BLU'));
    await seedDb(db);
    expect(await imageOf('Q1-WHT')).toBe(WHITE);
    expect(await imageOf('Q1L-BLU')).toBe('/images/products/quantum-earbuds-q1-3.svg');
    expect((await db.select({ stock: skus.stock }).from(skus).where(eq(skus.code, 'Q1L-BLU')))[0].stock).toBe(7);
  });
});
