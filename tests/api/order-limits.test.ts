/**
 * Limits of one order, on PGlite and PostgreSQL: a SKU named twice is one line and the 99 cap holds
 * for the sum; at most ORDER_LINES_MAX lines, from 立即购买 or the cart; at most ORDER_TOTAL_MAX_FEN,
 * refused with a 400 before anything is written (never the integer overflow's 500); quantities are
 * integers, not whatever Number() makes of "0x10" or true; the cart never holds more than 99 of a SKU.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as cartGet } from '@/app/api/v1/cart/route';
import { POST as itemsPost } from '@/app/api/v1/cart/items/route';
import { PATCH as itemPatch } from '@/app/api/v1/cart/items/[id]/route';
import { POST as ordersPost } from '@/app/api/v1/orders/route';
import { POST as previewPost } from '@/app/api/v1/orders/preview/route';
import { DB_INT_MAX } from '@/lib/domain/money';
import { ORDER_LINES_MAX, ORDER_TOTAL_MAX_FEN } from '@/lib/domain/order-rules';
import { getDb } from '@/lib/server/db/client';
import { cartItems, orders } from '@/lib/server/db/schema';
import type { CartView } from '@/lib/server/modules/cart';
import type { Order } from '@/lib/server/views/orders-detail';
import type { Preview } from '@/lib/server/flows/checkout';
import { MAX_LINE_QUANTITY } from '@/lib/domain/quantity';
import { addAddress, call, ctx, idemKey, loginNew, makeSku, ok, req, stockOf, type Shopper } from './session';

const CAP_MESSAGE = '订单金额超过单笔上限 ¥500,000.00，请分开下单';
const LINE_CAP = new RegExp(`每单最多购买 ${MAX_LINE_QUANTITY} 件`);
/** ¥16,000 a unit: 99 of one is past the cap, 14 × 99 past PostgreSQL's integer. */
const EXPENSIVE_FEN = 1_600_000;

type Buyer = Shopper & { addressId: number };
type Line = { skuId: unknown; quantity: unknown };

async function buyer(): Promise<Buyer> {
  const u = await loginNew();
  return { ...u, addressId: (await addAddress(u.token)).id };
}

const preview = (u: Buyer, body: unknown) => call<Preview>(previewPost, req('POST', '/orders/preview', body, { token: u.token }));
const create = (u: Buyer, body: Record<string, unknown>) =>
  call<Order>(ordersPost, req('POST', '/orders', { addressId: u.addressId, idempotencyKey: idemKey(), ...body }, { token: u.token }));
const addToCart = (u: Buyer, skuId: number, quantity: unknown) => call<CartView>(itemsPost, req('POST', '/cart/items', { skuId, quantity }, { token: u.token }));
const cartOf = (u: Buyer) => ok<CartView>(cartGet, req('GET', '/cart', undefined, { token: u.token }));

async function orderCount(userId: number): Promise<number> {
  const db = await getDb();
  return (await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))).length;
}

/** Preview and order both answer 400 with this message; no order is written and no stock moves. */
async function refused(u: Buyer, body: { items: Line[] } | { fromCart: true }, message: string | RegExp, skuIds: number[]) {
  const stock = await Promise.all(skuIds.map(stockOf));
  for (const r of [await preview(u, body), await create(u, body)]) {
    expect(r.body.resultCode, r.body.message).toBe(400);
    expect(r.body.message).toMatch(message);
  }
  expect(await orderCount(u.userId)).toBe(0);
  expect(await Promise.all(skuIds.map(stockOf))).toEqual(stock);
}

async function skusOf(n: number, o: Parameters<typeof makeSku>[0]) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await makeSku(o));
  return out;
}

describe('a SKU named twice in one order', () => {
  it('is one line whose quantities add', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 1_000, stock: 200 });
    const items = [{ skuId: sku.skuId, quantity: 40 }, { skuId: sku.skuId, quantity: 59 }];
    const p = (await preview(u, { items })).body.data!;
    expect(p.lines).toEqual([expect.objectContaining({ skuId: sku.skuId, quantity: 99, subtotalFen: 99_000 })]);
    const { body } = await create(u, { items });
    expect(body.resultCode, body.message).toBe(200);
    expect(body.data!.lines).toEqual([expect.objectContaining({ skuId: sku.skuId, quantity: 99 })]);
    expect(await stockOf(sku.skuId)).toBe(101);
  });

  it(`never makes a line past ${MAX_LINE_QUANTITY}: 99 + 99 → 400 naming the product`, async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 1_000, stock: 500 });
    await refused(u, { items: [{ skuId: sku.skuId, quantity: 99 }, { skuId: sku.skuId, quantity: 99 }] }, LINE_CAP, [sku.skuId]);
    const { body } = await preview(u, { items: [{ skuId: sku.skuId, quantity: 60 }, { skuId: sku.skuId, quantity: 40 }] });
    expect(body.message).toContain(`「${sku.productName} ${sku.skuName}」`);
  });

  it('a cart line past 99 (written before the cap) is refused at checkout, not ordered', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 1_000, stock: 500 });
    const { body } = await addToCart(u, sku.skuId, 1);
    const db = await getDb();
    await db.update(cartItems).set({ quantity: 150 }).where(eq(cartItems.id, body.data!.items[0].id));
    await refused(u, { fromCart: true }, LINE_CAP, [sku.skuId]);
  });
});

describe(`at most ${ORDER_LINES_MAX} lines`, () => {
  it(`${ORDER_LINES_MAX + 1} lines → 400, from 立即购买 and from the cart; ${ORDER_LINES_MAX} pass`, async () => {
    const u = await buyer();
    const many = await skusOf(ORDER_LINES_MAX + 1, { priceFen: 100, stock: 5 });
    const ids = many.map((s) => s.skuId);
    const message = `一次最多购买 ${ORDER_LINES_MAX} 种商品`;
    await refused(u, { items: ids.map((skuId) => ({ skuId, quantity: 1 })) }, message, ids);
    for (const id of ids) expect((await addToCart(u, id, 1)).body.resultCode).toBe(200);
    expect((await cartOf(u)).items).toHaveLength(ORDER_LINES_MAX + 1);
    await refused(u, { fromCart: true }, message, ids);
    expect((await cartOf(u)).items).toHaveLength(ORDER_LINES_MAX + 1);

    const { body } = await create(u, { items: ids.slice(1).map((skuId) => ({ skuId, quantity: 1 })) });
    expect(body.resultCode, body.message).toBe(200);
    expect(body.data!.lines).toHaveLength(ORDER_LINES_MAX);
  });
});

describe(`the order total is capped at ¥${ORDER_TOTAL_MAX_FEN / 100}`, () => {
  it('14 lines × 99 of an expensive SKU → 400 with the cap message (not a 500), no order, no stock taken', async () => {
    const u = await buyer();
    const dear = await skusOf(14, { priceFen: EXPENSIVE_FEN, stock: 100 });
    const ids = dear.map((s) => s.skuId);
    await refused(u, { items: ids.map((skuId) => ({ skuId, quantity: 99 })) }, CAP_MESSAGE, ids);
    // one line of them is already past the cap
    await refused(u, { items: [{ skuId: ids[0], quantity: 99 }] }, CAP_MESSAGE, ids);
  });

  it('the same from the cart: the cart shows the exact sum, the order is refused and the cart kept', async () => {
    const u = await buyer();
    const dear = await skusOf(14, { priceFen: EXPENSIVE_FEN, stock: 100 });
    const ids = dear.map((s) => s.skuId);
    for (const id of ids) expect((await addToCart(u, id, 99)).body.resultCode).toBe(200);
    const cart = await cartOf(u);
    expect(cart).toMatchObject({ selectedCount: 14 * 99, selectedTotalFen: 14 * 99 * EXPENSIVE_FEN });
    await refused(u, { fromCart: true }, CAP_MESSAGE, ids);
    expect(await cartOf(u)).toEqual(cart);
  });

  it('exactly the cap passes (stock allowing); one fen more is refused', async () => {
    // the cap is what keeps the integer money columns (totals, payments, refunds, invoices) from overflowing
    expect(ORDER_TOTAL_MAX_FEN).toBeLessThanOrEqual(DB_INT_MAX);
    const u = await buyer();
    const big = await makeSku({ priceFen: ORDER_TOTAL_MAX_FEN - 100, stock: 5 });
    const exact = await makeSku({ priceFen: 100, stock: 5 });
    const over = await makeSku({ priceFen: 101, stock: 5 });
    await refused(u, { items: [{ skuId: big.skuId, quantity: 1 }, { skuId: over.skuId, quantity: 1 }] }, CAP_MESSAGE, [big.skuId, over.skuId]);

    const items = [{ skuId: big.skuId, quantity: 1 }, { skuId: exact.skuId, quantity: 1 }];
    expect((await preview(u, { items })).body.data).toMatchObject({ itemsTotalFen: ORDER_TOTAL_MAX_FEN, shippingFen: 0, totalFen: ORDER_TOTAL_MAX_FEN });
    const { body } = await create(u, { items });
    expect(body.resultCode, body.message).toBe(200);
    expect(body.data).toMatchObject({ itemsTotalFen: ORDER_TOTAL_MAX_FEN, totalFen: ORDER_TOTAL_MAX_FEN });
    expect(await stockOf(big.skuId)).toBe(4);
  });
});

describe('quantities are integers', () => {
  const BAD: unknown[] = ['0x10', true, [5], '1e1', 1.5, '', '3 ', null, { n: 3 }];

  it.each(BAD.map((q) => [JSON.stringify(q), q]))('quantity %s → 400 naming 数量 (preview, order, cart add, cart change)', async (_, quantity) => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 1_000, stock: 50 });
    await refused(u, { items: [{ skuId: sku.skuId, quantity }] }, /数量/, [sku.skuId]);

    const added = await addToCart(u, sku.skuId, quantity);
    expect(added.body.resultCode, added.body.message).toBe(400);
    expect(added.body.message).toMatch(/数量/);
    const line = (await addToCart(u, sku.skuId, 2)).body.data!.items[0];
    const changed = await call<CartView>(itemPatch, req('PATCH', `/cart/items/${line.id}`, { quantity }, { token: u.token }), ctx({ id: line.id }));
    expect(changed.body.resultCode, changed.body.message).toBe(400);
    expect(changed.body.message).toMatch(/数量/);
    expect((await cartOf(u)).items[0].quantity).toBe(2);
  });

  it('"3" and 3 are three', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 1_000, stock: 50 });
    for (const quantity of ['3', 3]) {
      expect((await preview(u, { items: [{ skuId: sku.skuId, quantity }] })).body.data!.lines[0].quantity).toBe(3);
      const { body } = await create(u, { items: [{ skuId: String(sku.skuId), quantity }] });
      expect(body.resultCode, body.message).toBe(200);
      expect(body.data!.lines[0].quantity).toBe(3);
    }
    expect(await stockOf(sku.skuId)).toBe(44);
    expect((await addToCart(u, sku.skuId, '3')).body.data!.items[0].quantity).toBe(3);
  });
});

describe(`the cart holds at most ${MAX_LINE_QUANTITY} of a SKU`, () => {
  it('adding the same SKU again stops at 99, one after another and 50 at once', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 1_000, stock: 1_000 });
    expect((await addToCart(u, sku.skuId, 60)).body.data!.items[0].quantity).toBe(60);
    expect((await addToCart(u, sku.skuId, 60)).body.data!.items[0].quantity).toBe(MAX_LINE_QUANTITY);
    expect((await addToCart(u, sku.skuId, 99)).body.data!.items[0].quantity).toBe(MAX_LINE_QUANTITY);

    const v = await buyer();
    const results = await Promise.all(Array.from({ length: 50 }, () => addToCart(v, sku.skuId, 7)));
    expect(results.map((r) => r.body.resultCode).filter((c) => c !== 200)).toEqual([]);
    const cart = await cartOf(v);
    expect(cart.items).toHaveLength(1);
    expect(cart).toMatchObject({ selectedCount: MAX_LINE_QUANTITY, selectedTotalFen: MAX_LINE_QUANTITY * 1_000 });
  });
});
