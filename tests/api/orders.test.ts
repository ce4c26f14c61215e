/**
 * Checkout and orders (docs/api.md#orders, docs/states.md#order-transitions): preview and order priced by the server, shipping,
 * the address snapshot, idempotency, the list, ownership, and the lifecycle (cancel, confirm, the
 * pay deadline on read and in the sweep, auto-complete after 7 days, paid service orders).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PUT as addrPut, DELETE as addrDelete } from '@/app/api/v1/addresses/[id]/route';
import { GET as cartGet } from '@/app/api/v1/cart/route';
import { POST as itemsPost } from '@/app/api/v1/cart/items/route';
import { PATCH as itemPatch } from '@/app/api/v1/cart/items/[id]/route';
import { GET as ordersGet, POST as ordersPost } from '@/app/api/v1/orders/route';
import { GET as orderGet } from '@/app/api/v1/orders/[orderNo]/route';
import { POST as cancelPost } from '@/app/api/v1/orders/[orderNo]/cancel/route';
import { POST as confirmPost } from '@/app/api/v1/orders/[orderNo]/confirm/route';
import { POST as previewPost } from '@/app/api/v1/orders/preview/route';
import { DEFAULT_PAGE_SIZE } from '@/lib/web/page-sizes';
import { FREE_SHIPPING_FROM_FEN, SHIPPING_FEN } from '@/lib/domain/shipping';
import { REMARK_MAX, UNPAID_ORDER_TTL_MIN } from '@/lib/domain/order-rules';
import { getDb } from '@/lib/server/db/client';
import { licenses, orderItems, orders } from '@/lib/server/db/schema';
import type { CartView } from '@/lib/server/modules/cart';
import { markOrderPaid } from '@/lib/server/modules/order';
import { sweepOrders } from '@/lib/server/flows/order-sweep';
import { type Order } from '@/lib/server/views/orders-detail';
import { type OrderSummary } from '@/lib/server/views/orders-list';
import { type Preview } from '@/lib/server/flows/checkout';
import { HAN } from './helpers';
import {
  ADDRESS,
  addAddress,
  call,
  ctx,
  expire,
  idemKey,
  loginNew,
  makeSku,
  ok,
  orderLinesOfSku,
  orderRow,
  patchOrder,
  req,
  setSku,
  stockOf,
  type Shopper,
} from './session';

type Page = { items: OrderSummary[]; total: number; page: number; pageSize: number };

const preview = (u: Shopper, body: unknown) => call<Preview>(previewPost, req('POST', '/orders/preview', body, { token: u.token }));
const create = (u: Shopper, body: Record<string, unknown>) =>
  call<Order>(ordersPost, req('POST', '/orders', { idempotencyKey: idemKey(), ...body }, { token: u.token }));
async function place(u: Shopper, body: Record<string, unknown>): Promise<Order> {
  const { body: env } = await create(u, body);
  expect(env.resultCode, env.message).toBe(200);
  return env.data!;
}
const read = (u: Shopper, orderNo: string) => call<Order>(orderGet, req('GET', `/orders/${orderNo}`, undefined, { token: u.token }), ctx({ orderNo }));
const cancel = (u: Shopper, orderNo: string) => call<Order>(cancelPost, req('POST', `/orders/${orderNo}/cancel`, { reason: '不想要了' }, { token: u.token }), ctx({ orderNo }));
const confirm = (u: Shopper, orderNo: string) => call<Order>(confirmPost, req('POST', `/orders/${orderNo}/confirm`, undefined, { token: u.token }), ctx({ orderNo }));
const listPage = (u: Shopper, query = '') => ok<Page>(ordersGet, req('GET', `/orders${query}`, undefined, { token: u.token }));

/** A shopper with a delivery address. */
async function buyer(): Promise<Shopper & { addressId: number }> {
  const u = await loginNew();
  const a = await addAddress(u.token);
  return { ...u, addressId: a.id };
}

async function orderCount(userId: number): Promise<number> {
  const db = await getDb();
  return (await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))).length;
}

const LICENSE_RE = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

// ------------------------------------------------------------------ preview

describe('POST /orders/preview', () => {
  it(`device under ¥${FREE_SHIPPING_FROM_FEN / 100}: shipping ¥${SHIPPING_FEN / 100}; from ¥${FREE_SHIPPING_FROM_FEN / 100}: free`, async () => {
    expect(SHIPPING_FEN).toBe(1_000);
    expect(FREE_SHIPPING_FROM_FEN).toBe(9_900);
    const u = await buyer();
    const cheap = await makeSku({ priceFen: 4_950 });
    const edge = await makeSku({ priceFen: 9_899 });
    const exact = await makeSku({ priceFen: 9_900 });

    const one = (await preview(u, { items: [{ skuId: cheap.skuId, quantity: 1 }] })).body.data!;
    expect(one).toMatchObject({ itemsTotalFen: 4_950, shippingFen: 1_000, discountFen: 0, totalFen: 5_950, needsAddress: true });
    expect(one.lines).toEqual([
      expect.objectContaining({ skuId: cheap.skuId, productId: cheap.productId, kind: 'device', priceFen: 4_950, quantity: 1, subtotalFen: 4_950 }),
    ]);
    // two of them: exactly ¥99 → free
    const two = (await preview(u, { items: [{ skuId: cheap.skuId, quantity: 2 }] })).body.data!;
    expect(two).toMatchObject({ itemsTotalFen: 9_900, shippingFen: 0, totalFen: 9_900 });
    expect((await preview(u, { items: [{ skuId: edge.skuId, quantity: 1 }] })).body.data).toMatchObject({ shippingFen: 1_000, totalFen: 10_899 });
    expect((await preview(u, { items: [{ skuId: exact.skuId, quantity: 1 }] })).body.data).toMatchObject({ shippingFen: 0, totalFen: 9_900 });
    // the same SKU twice in the request is one line
    const merged = (await preview(u, { items: [{ skuId: cheap.skuId, quantity: 1 }, { skuId: cheap.skuId, quantity: 1 }] })).body.data!;
    expect(merged.lines).toHaveLength(1);
    expect(merged).toMatchObject({ itemsTotalFen: 9_900, shippingFen: 0 });
  });

  it('a seeded cheap SKU priced through the database is charged shipping', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 129_900 });
    expect((await preview(u, { items: [{ skuId: sku.skuId, quantity: 1 }] })).body.data!.shippingFen).toBe(0);
    await setSku(sku.skuId, { priceFen: 3_000 });
    expect((await preview(u, { items: [{ skuId: sku.skuId, quantity: 1 }] })).body.data).toMatchObject({ itemsTotalFen: 3_000, shippingFen: 1_000, totalFen: 4_000 });
  });

  it('service-only: no shipping however cheap, needsAddress false', async () => {
    const u = await buyer();
    const svc = await makeSku({ kind: 'service', priceFen: 500 });
    const p = (await preview(u, { items: [{ skuId: svc.skuId, quantity: 1 }] })).body.data!;
    expect(p).toMatchObject({ itemsTotalFen: 500, shippingFen: 0, totalFen: 500, needsAddress: false });
    expect(p.lines[0].kind).toBe('service');
  });

  it('prices in the request are ignored', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 20_000 });
    const p = (await preview(u, { items: [{ skuId: sku.skuId, quantity: 1, priceFen: 1, subtotalFen: 1 }], totalFen: 1, shippingFen: 0, discountFen: 19_999 })).body.data!;
    expect(p).toMatchObject({ itemsTotalFen: 20_000, discountFen: 0, totalFen: 20_000 });
    expect(p.lines[0].priceFen).toBe(20_000);
  });

  it('off sale or short of stock → 409; bad items → 400; anonymous → 416', async () => {
    const u = await buyer();
    const sku = await makeSku({ stock: 3 });
    expect((await preview(u, { items: [{ skuId: sku.skuId, quantity: 4 }] })).body.resultCode).toBe(409);
    await setSku(sku.skuId, { onSale: false });
    expect((await preview(u, { items: [{ skuId: sku.skuId, quantity: 1 }] })).body.resultCode).toBe(409);
    expect((await preview(u, { items: [{ skuId: 2_000_000_000, quantity: 1 }] })).body.resultCode).toBe(409);
    for (const bad of [{}, { items: [] }, { items: [{ skuId: sku.skuId, quantity: 0 }] }, { items: [{ skuId: sku.skuId, quantity: 100 }] }, { fromCart: false }, { items: 'x' }]) {
      const { body } = await preview(u, bad);
      expect(body.resultCode, JSON.stringify(bad)).toBe(400);
      expect(body.message).toMatch(HAN);
    }
    const { res } = await call(previewPost, req('POST', '/orders/preview', { items: [{ skuId: sku.skuId, quantity: 1 }] }));
    expect(res.status).toBe(401);
  });
});

// ------------------------------------------------------------------ create

describe('POST /orders', () => {
  it('from items: pending_payment, priced by the server, stock taken, address snapshotted, 30 min to pay', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 3_300, stock: 20 });
    const before = Date.now();
    const o = await place(u, { items: [{ skuId: sku.skuId, quantity: 2 }], addressId: u.addressId, remark: '  请尽快发货  ' });
    expect(o.orderNo).toMatch(/^\d{20}$/);
    expect(o).toMatchObject({
      status: 'pending_payment',
      statusLabel: '待付款',
      kind: 'device',
      itemsTotalFen: 6_600,
      shippingFen: 1_000,
      discountFen: 0,
      totalFen: 7_600,
      remark: '请尽快发货',
      paidAt: null,
      cancelledAt: null,
      licenses: [],
      actions: { pay: true, cancel: true, confirm: false, invoice: false, logistics: false },
    });
    expect(o.address).toEqual(ADDRESS);
    expect(o.lines).toEqual([
      expect.objectContaining({ skuId: sku.skuId, productName: sku.productName, skuName: sku.skuName, priceFen: 3_300, quantity: 2, subtotalFen: 6_600 }),
    ]);
    const deadline = new Date(o.payDeadline).getTime() - new Date(o.createdAt).getTime();
    expect(Math.abs(deadline - UNPAID_ORDER_TTL_MIN * 60_000)).toBeLessThan(5_000);
    expect(new Date(o.createdAt).getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(await stockOf(sku.skuId)).toBe(18);
    // the stored row agrees
    const row = await orderRow(o.orderNo);
    expect(row).toMatchObject({ userId: u.userId, totalFen: 7_600, itemsTotalFen: 6_600, shippingFen: 1_000, status: 'pending_payment' });
    // and reading it back gives the same order
    expect((await read(u, o.orderNo)).body.data).toEqual(o);
  });

  it('a client cannot set a price or a total: extra fields are ignored', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 25_000, stock: 10 });
    const o = await place(u, {
      items: [{ skuId: sku.skuId, quantity: 2, priceFen: 1, subtotalFen: 2 }],
      addressId: u.addressId,
      priceFen: 1,
      totalFen: 1,
      itemsTotalFen: 1,
      shippingFen: 0,
      discountFen: 49_999,
      status: 'paid',
      userId: 1,
      kind: 'service',
    });
    expect(o).toMatchObject({ status: 'pending_payment', kind: 'device', itemsTotalFen: 50_000, shippingFen: 0, discountFen: 0, totalFen: 50_000 });
    const row = await orderRow(o.orderNo);
    expect(row).toMatchObject({ userId: u.userId, totalFen: 50_000, discountFen: 0, status: 'pending_payment' });
    const db = await getDb();
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
    expect(items.map((i) => [i.priceFen, i.quantity])).toEqual([[25_000, 2]]);
  });

  it('a device order without addressId → 400 请选择收货地址; no order, no stock taken', async () => {
    const u = await buyer();
    const sku = await makeSku({ stock: 5 });
    const { body } = await create(u, { items: [{ skuId: sku.skuId, quantity: 1 }] });
    expect(body.resultCode).toBe(400);
    expect(body.message).toBe('请选择收货地址');
    expect(await orderCount(u.userId)).toBe(0);
    expect(await stockOf(sku.skuId)).toBe(5);
  });

  it("another user's addressId → 404; no order, no stock taken", async () => {
    const u = await buyer();
    const other = await buyer();
    const sku = await makeSku({ stock: 5 });
    expect((await create(u, { items: [{ skuId: sku.skuId, quantity: 1 }], addressId: other.addressId })).body.resultCode).toBe(404);
    expect(await orderCount(u.userId)).toBe(0);
    expect(await stockOf(sku.skuId)).toBe(5);
  });

  it('a service-only order needs no address and stores none', async () => {
    const u = await loginNew();
    const svc = await makeSku({ kind: 'service', priceFen: 19_800 });
    const o = await place(u, { items: [{ skuId: svc.skuId, quantity: 1 }] });
    expect(o).toMatchObject({ kind: 'service', address: null, shippingFen: 0, totalFen: 19_800 });
    // The answer is built from the rows just written; reading the order gives the same view.
    expect((await read(u, o.orderNo)).body.data).toEqual(o);
  });

  it('the address is a snapshot: editing or deleting it later does not change the order', async () => {
    const u = await buyer();
    const sku = await makeSku();
    const o = await place(u, { items: [{ skuId: sku.skuId, quantity: 1 }], addressId: u.addressId });
    const edit = await call(
      addrPut,
      req('PUT', `/addresses/${u.addressId}`, { ...ADDRESS, name: '改名', addressDetail: '另一条路 1 号', isDefault: true }, { token: u.token }),
      ctx({ id: u.addressId }),
    );
    expect(edit.body.resultCode).toBe(200);
    expect((await read(u, o.orderNo)).body.data!.address).toEqual(ADDRESS);
    const gone = await call(addrDelete, req('DELETE', `/addresses/${u.addressId}`, undefined, { token: u.token }), ctx({ id: u.addressId }));
    expect(gone.body.resultCode).toBe(200);
    expect((await read(u, o.orderNo)).body.data!.address).toEqual(ADDRESS);
  });

  it(`remark up to ${REMARK_MAX} characters; longer → 400, no order`, async () => {
    const u = await buyer();
    const sku = await makeSku({ stock: 5 });
    const long = await create(u, { items: [{ skuId: sku.skuId, quantity: 1 }], addressId: u.addressId, remark: '备'.repeat(REMARK_MAX + 1) });
    expect(long.body.resultCode).toBe(400);
    expect(long.body.message).toMatch(HAN);
    expect(await orderCount(u.userId)).toBe(0);
    const o = await place(u, { items: [{ skuId: sku.skuId, quantity: 1 }], addressId: u.addressId, remark: '备'.repeat(REMARK_MAX) });
    expect(o.remark).toHaveLength(REMARK_MAX);
  });

  it('idempotencyKey: the same key again → the same order, one row, stock taken once', async () => {
    const u = await buyer();
    const sku = await makeSku({ stock: 10 });
    const key = idemKey();
    const body = { items: [{ skuId: sku.skuId, quantity: 3 }], addressId: u.addressId, idempotencyKey: key };
    const first = await place(u, body);
    const second = await place(u, body);
    // even with a different body, the key names the first order
    const third = await place(u, { ...body, items: [{ skuId: sku.skuId, quantity: 1 }] });
    expect(second.orderNo).toBe(first.orderNo);
    expect(third.orderNo).toBe(first.orderNo);
    expect(await orderCount(u.userId)).toBe(1);
    expect(await stockOf(sku.skuId)).toBe(7);
    // the key is per user: another user with the same key gets an order of their own
    const v = await buyer();
    const theirs = await place(v, { ...body, addressId: v.addressId });
    expect(theirs.orderNo).not.toBe(first.orderNo);
    expect(await stockOf(sku.skuId)).toBe(4);
    expect(await orderLinesOfSku(sku.skuId)).toEqual({ orders: 2, quantity: 6 });
  });

  it('a missing or malformed idempotencyKey → 400', async () => {
    const u = await buyer();
    const sku = await makeSku({ stock: 5 });
    for (const idempotencyKey of [undefined, '', 'short', 'has space in it', 'x'.repeat(65), 12345678]) {
      const { body } = await call(ordersPost, req('POST', '/orders', { items: [{ skuId: sku.skuId, quantity: 1 }], addressId: u.addressId, idempotencyKey }, { token: u.token }));
      expect(body.resultCode, String(idempotencyKey)).toBe(400);
    }
    expect(await orderCount(u.userId)).toBe(0);
  });

  it('more than the stock → 409, nothing taken; off sale → 409; anonymous → 416; no X-Requested-With → 403', async () => {
    const u = await buyer();
    const sku = await makeSku({ stock: 2 });
    expect((await create(u, { items: [{ skuId: sku.skuId, quantity: 3 }], addressId: u.addressId })).body.resultCode).toBe(409);
    expect(await stockOf(sku.skuId)).toBe(2);
    await setSku(sku.skuId, { onSale: false });
    expect((await create(u, { items: [{ skuId: sku.skuId, quantity: 1 }], addressId: u.addressId })).body.resultCode).toBe(409);
    expect(await orderCount(u.userId)).toBe(0);
    const anon = await call(ordersPost, req('POST', '/orders', { items: [{ skuId: sku.skuId, quantity: 1 }], idempotencyKey: idemKey() }));
    expect(anon.res.status).toBe(401);
    const xrw = await call(ordersPost, req('POST', '/orders', { items: [{ skuId: sku.skuId, quantity: 1 }], idempotencyKey: idemKey() }, { token: u.token, xrw: false }));
    expect(xrw.res.status).toBe(403);
  });

  it('from the cart: the selected lines are bought and leave the cart; unselected lines remain', async () => {
    const u = await buyer();
    const who = { token: u.token };
    const a = await makeSku({ priceFen: 6_000, stock: 10 });
    const b = await makeSku({ priceFen: 7_000, stock: 10 });
    const c = await makeSku({ priceFen: 8_000, stock: 10 });
    let cart: CartView | undefined;
    for (const [skuId, quantity] of [[a.skuId, 2], [b.skuId, 1], [c.skuId, 3]]) cart = await ok<CartView>(itemsPost, req('POST', '/cart/items', { skuId, quantity }, who));
    const cLine = cart!.items.find((i) => i.skuId === c.skuId)!;
    await ok(itemPatch, req('PATCH', `/cart/items/${cLine.id}`, { selected: false }, who), ctx({ id: cLine.id }));

    const p = (await preview(u, { fromCart: true })).body.data!;
    expect(p.lines.map((l) => [l.skuId, l.quantity])).toEqual([[a.skuId, 2], [b.skuId, 1]]);
    expect(p).toMatchObject({ itemsTotalFen: 19_000, shippingFen: 0, totalFen: 19_000 });

    const o = await place(u, { fromCart: true, addressId: u.addressId });
    expect(o.lines.map((l) => [l.skuId, l.quantity])).toEqual([[a.skuId, 2], [b.skuId, 1]]);
    expect(o.totalFen).toBe(19_000);
    const after = await ok<CartView>(cartGet, req('GET', '/cart', undefined, who));
    expect(after.items.map((i) => [i.skuId, i.quantity, i.selected])).toEqual([[c.skuId, 3, false]]);
    expect(after).toMatchObject({ selectedCount: 0, selectedTotalFen: 0 });
    expect([await stockOf(a.skuId), await stockOf(b.skuId), await stockOf(c.skuId)]).toEqual([8, 9, 10]);

    // nothing selected now → 400
    const empty = await create(u, { fromCart: true, addressId: u.addressId });
    expect(empty.body.resultCode).toBe(400);
    expect(empty.body.message).toMatch(HAN);
  });

  it('buying with items (立即购买) leaves the cart alone', async () => {
    const u = await buyer();
    const a = await makeSku({ stock: 10 });
    await ok(itemsPost, req('POST', '/cart/items', { skuId: a.skuId, quantity: 2 }, { token: u.token }));
    await place(u, { items: [{ skuId: a.skuId, quantity: 1 }], addressId: u.addressId });
    const cart = await ok<CartView>(cartGet, req('GET', '/cart', undefined, { token: u.token }));
    expect(cart.items.map((i) => [i.skuId, i.quantity])).toEqual([[a.skuId, 2]]);
  });
});

// ------------------------------------------------------------------ list, ownership

describe('GET /orders', () => {
  it(`pages of ${DEFAULT_PAGE_SIZE} by default, newest first; page sizes 10…100; an invalid pageSize falls back; status filter`, async () => {
    const u = await loginNew();
    const svc = await makeSku({ kind: 'service', priceFen: 100, stock: 1_000 });
    const made: string[] = [];
    for (let i = 0; i < 12; i++) made.push((await place(u, { items: [{ skuId: svc.skuId, quantity: 1 + (i % 3) }] })).orderNo);

    const p1 = await listPage(u);
    expect(p1).toMatchObject({ total: 12, page: 1, pageSize: DEFAULT_PAGE_SIZE });
    expect(p1.items).toHaveLength(10);
    expect(p1.items.map((o) => o.orderNo)).toEqual([...made].reverse().slice(0, 10));
    expect(p1.items[0]).toMatchObject({ status: 'pending_payment', statusLabel: '待付款', totalFen: 300, itemCount: 3 });
    expect(p1.items[0].lines[0]).toMatchObject({ productName: svc.productName, quantity: 3, priceFen: 100 });
    const p2 = await listPage(u, '?page=2');
    expect(p2.items.map((o) => o.orderNo)).toEqual([made[1], made[0]]);
    expect((await listPage(u, '?pageSize=20')).items).toHaveLength(12);
    for (const bad of ['7', 'abc', '0', '-10', '1000', '10.5']) {
      const p = await listPage(u, `?pageSize=${bad}`);
      expect(p.pageSize, bad).toBe(DEFAULT_PAGE_SIZE);
      expect(p.items).toHaveLength(10);
    }
    expect((await listPage(u, '?page=abc')).page).toBe(1);

    expect((await cancel(u, made[3])).body.resultCode).toBe(200);
    expect((await cancel(u, made[5])).body.resultCode).toBe(200);
    const cancelled = await listPage(u, '?status=cancelled');
    expect(cancelled.total).toBe(2);
    expect(cancelled.items.map((o) => o.orderNo)).toEqual([made[5], made[3]]);
    expect(cancelled.items.every((o) => o.statusLabel === '已取消')).toBe(true);
    expect((await listPage(u, '?status=pending_payment')).total).toBe(10);
    expect((await listPage(u, '?status=paid')).total).toBe(0);
    expect((await listPage(u, '?status=bogus')).total).toBe(12);
  });

  it('lists only your own orders; anonymous → 416', async () => {
    const u = await loginNew();
    const v = await loginNew();
    const svc = await makeSku({ kind: 'service' });
    await place(u, { items: [{ skuId: svc.skuId, quantity: 1 }] });
    expect((await listPage(v)).total).toBe(0);
    expect((await listPage(u)).total).toBe(1);
    const { res } = await call(ordersGet, req('GET', '/orders'));
    expect(res.status).toBe(401);
  });
});

describe('ownership', () => {
  it("another user's orderNo → 404 for detail, cancel and confirm; the order is untouched", async () => {
    const owner = await buyer();
    const intruder = await buyer();
    const sku = await makeSku({ stock: 5 });
    const o = await place(owner, { items: [{ skuId: sku.skuId, quantity: 1 }], addressId: owner.addressId });
    expect((await read(intruder, o.orderNo)).body.resultCode).toBe(404);
    expect((await cancel(intruder, o.orderNo)).body.resultCode).toBe(404);
    await patchOrder(o.orderNo, { status: 'shipped', shippedAt: new Date() });
    expect((await confirm(intruder, o.orderNo)).body.resultCode).toBe(404);
    expect((await orderRow(o.orderNo)).status).toBe('shipped');
    expect(await stockOf(sku.skuId)).toBe(4);
    // the intruder's 404 carries no order data
    const { body } = await read(intruder, o.orderNo);
    expect(body.data).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain(o.orderNo);
  });

  it('unknown or malformed orderNo → 404; anonymous → 416', async () => {
    const u = await loginNew();
    for (const orderNo of ['00000000000000000000', 'abc', '1', `${'9'.repeat(20)}' or 1=1`]) {
      expect((await read(u, orderNo)).body.resultCode).toBe(404);
      expect((await cancel(u, orderNo)).body.resultCode).toBe(404);
      expect((await confirm(u, orderNo)).body.resultCode).toBe(404);
    }
    const orderNo = '20250101000000000000';
    expect((await call(orderGet, req('GET', `/orders/${orderNo}`), ctx({ orderNo }))).res.status).toBe(401);
    expect((await call(cancelPost, req('POST', `/orders/${orderNo}/cancel`), ctx({ orderNo }))).res.status).toBe(401);
  });
});

// ------------------------------------------------------------------ transitions

describe('cancel and confirm', () => {
  it('cancel → 已取消 with the stock back; cancel again → 409 and the stock is returned only once', async () => {
    const u = await buyer();
    const sku = await makeSku({ stock: 10 });
    const o = await place(u, { items: [{ skuId: sku.skuId, quantity: 4 }], addressId: u.addressId });
    expect(await stockOf(sku.skuId)).toBe(6);
    const first = await cancel(u, o.orderNo);
    expect(first.body.resultCode).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'cancelled', statusLabel: '已取消', actions: { pay: false, cancel: false } });
    expect(first.body.data!.cancelledAt).not.toBeNull();
    expect(await stockOf(sku.skuId)).toBe(10);
    const second = await cancel(u, o.orderNo);
    expect(second.body.resultCode).toBe(409);
    expect(second.body.message).toMatch(HAN);
    expect(await stockOf(sku.skuId)).toBe(10);
    // a cancelled order cannot be confirmed or paid
    expect((await confirm(u, o.orderNo)).body.resultCode).toBe(409);
    expect(await markOrderPaid((await orderRow(o.orderNo)).id)).toBe(false);
    expect((await orderRow(o.orderNo)).status).toBe('cancelled');
  });

  it('cancel is refused once paid or shipped (409), stock untouched', async () => {
    const u = await buyer();
    const sku = await makeSku({ stock: 10 });
    const o = await place(u, { items: [{ skuId: sku.skuId, quantity: 1 }], addressId: u.addressId });
    expect(await markOrderPaid((await orderRow(o.orderNo)).id)).toBe(true);
    expect((await read(u, o.orderNo)).body.data).toMatchObject({ status: 'paid', statusLabel: '待发货', licenses: [] });
    expect((await cancel(u, o.orderNo)).body.resultCode).toBe(409);
    await patchOrder(o.orderNo, { status: 'shipped', shippedAt: new Date() });
    expect((await cancel(u, o.orderNo)).body.resultCode).toBe(409);
    expect(await stockOf(sku.skuId)).toBe(9);
  });

  it('confirm only from shipped → 已完成; from pending or twice → 409', async () => {
    const u = await buyer();
    const sku = await makeSku({ stock: 10 });
    const o = await place(u, { items: [{ skuId: sku.skuId, quantity: 1 }], addressId: u.addressId });
    expect((await confirm(u, o.orderNo)).body.resultCode).toBe(409);
    await patchOrder(o.orderNo, { status: 'paid' });
    expect((await confirm(u, o.orderNo)).body.resultCode).toBe(409);
    await patchOrder(o.orderNo, { status: 'shipped', shippedAt: new Date(), carrier: '顺丰速运', trackingNo: 'SF1234567890' });
    const shipped = (await read(u, o.orderNo)).body.data!;
    expect(shipped).toMatchObject({ status: 'shipped', statusLabel: '待收货', carrier: '顺丰速运', trackingNo: 'SF1234567890' });
    expect(shipped.actions).toMatchObject({ confirm: true, cancel: false, pay: false, logistics: true });
    const done = await confirm(u, o.orderNo);
    expect(done.body.resultCode).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'completed', statusLabel: '已完成' });
    expect(done.body.data!.completedAt).not.toBeNull();
    expect((await confirm(u, o.orderNo)).body.resultCode).toBe(409);
    expect(await stockOf(sku.skuId)).toBe(9);
  });
});

describe('the clock', () => {
  it('past the pay deadline, reading the order cancels it and returns the stock exactly once', async () => {
    const u = await buyer();
    const sku = await makeSku({ stock: 10 });
    const o = await place(u, { items: [{ skuId: sku.skuId, quantity: 3 }], addressId: u.addressId });
    expect(await stockOf(sku.skuId)).toBe(7);
    await expire(o.orderNo);
    const r = (await read(u, o.orderNo)).body.data!;
    expect(r).toMatchObject({ status: 'cancelled', statusLabel: '已取消' });
    expect(r.cancelReason).toMatch(HAN);
    expect(await stockOf(sku.skuId)).toBe(10);
    await read(u, o.orderNo);
    await listPage(u);
    await sweepOrders();
    expect(await stockOf(sku.skuId)).toBe(10);
    expect((await cancel(u, o.orderNo)).body.resultCode).toBe(409);
    expect(await stockOf(sku.skuId)).toBe(10);
  });

  it('past the deadline, the list shows it cancelled too (stock back once)', async () => {
    const u = await buyer();
    const sku = await makeSku({ stock: 10 });
    const o = await place(u, { items: [{ skuId: sku.skuId, quantity: 2 }], addressId: u.addressId });
    await expire(o.orderNo);
    const page = await listPage(u);
    expect(page.items.find((x) => x.orderNo === o.orderNo)!.status).toBe('cancelled');
    await listPage(u);
    await read(u, o.orderNo);
    expect(await stockOf(sku.skuId)).toBe(10);
  });

  it('an unpaid order before its deadline is left alone by reads and the sweep', async () => {
    const u = await buyer();
    const sku = await makeSku({ stock: 10 });
    const o = await place(u, { items: [{ skuId: sku.skuId, quantity: 1 }], addressId: u.addressId });
    await sweepOrders();
    expect((await read(u, o.orderNo)).body.data!.status).toBe('pending_payment');
    expect(await stockOf(sku.skuId)).toBe(9);
  });

  it('sweepOrders() cancels overdue orders and returns their stock once', async () => {
    const u = await buyer();
    const sku = await makeSku({ stock: 10 });
    const a = await place(u, { items: [{ skuId: sku.skuId, quantity: 2 }], addressId: u.addressId });
    const b = await place(u, { items: [{ skuId: sku.skuId, quantity: 3 }], addressId: u.addressId });
    expect(await stockOf(sku.skuId)).toBe(5);
    await expire(a.orderNo);
    await expire(b.orderNo);
    const swept = await sweepOrders();
    expect(swept.cancelled).toBeGreaterThanOrEqual(2);
    expect(await stockOf(sku.skuId)).toBe(10);
    expect((await orderRow(a.orderNo)).status).toBe('cancelled');
    expect((await orderRow(b.orderNo)).cancelReason).toMatch(HAN);
    expect((await sweepOrders()).cancelled).toBe(0);
    await read(u, a.orderNo);
    expect(await stockOf(sku.skuId)).toBe(10);
  });

  it('shipped 7+ days ago: the sweep completes it; 6 days: not yet; a read also completes it', async () => {
    const u = await buyer();
    const sku = await makeSku({ stock: 10 });
    const day = 86_400_000;
    const old = await place(u, { items: [{ skuId: sku.skuId, quantity: 1 }], addressId: u.addressId });
    const recent = await place(u, { items: [{ skuId: sku.skuId, quantity: 1 }], addressId: u.addressId });
    const viaRead = await place(u, { items: [{ skuId: sku.skuId, quantity: 1 }], addressId: u.addressId });
    await patchOrder(old.orderNo, { status: 'shipped', shippedAt: new Date(Date.now() - 7 * day - 60_000) });
    await patchOrder(recent.orderNo, { status: 'shipped', shippedAt: new Date(Date.now() - 6 * day) });
    const swept = await sweepOrders();
    expect(swept.completed).toBeGreaterThanOrEqual(1);
    expect((await orderRow(old.orderNo)).status).toBe('completed');
    expect((await orderRow(old.orderNo)).completedAt).not.toBeNull();
    expect((await orderRow(recent.orderNo)).status).toBe('shipped');
    expect((await read(u, recent.orderNo)).body.data!.status).toBe('shipped');

    await patchOrder(viaRead.orderNo, { status: 'shipped', shippedAt: new Date(Date.now() - 8 * day) });
    expect((await read(u, viaRead.orderNo)).body.data).toMatchObject({ status: 'completed', statusLabel: '已完成' });
    expect(await stockOf(sku.skuId)).toBe(7);
  });
});

describe('markOrderPaid', () => {
  it('a service-only order completes at once with one license code per unit, shown on the detail', async () => {
    const u = await loginNew();
    const a = await makeSku({ kind: 'service', priceFen: 19_800, stock: 100 });
    const b = await makeSku({ kind: 'service', priceFen: 36_000, stock: 100 });
    const o = await place(u, { items: [{ skuId: a.skuId, quantity: 3 }, { skuId: b.skuId, quantity: 1 }] });
    const row = await orderRow(o.orderNo);
    expect(await markOrderPaid(row.id)).toBe(true);
    const paid = (await read(u, o.orderNo)).body.data!;
    expect(paid).toMatchObject({ status: 'completed', statusLabel: '已完成' });
    expect(paid.paidAt).not.toBeNull();
    expect(paid.completedAt).not.toBeNull();
    expect(paid.licenses).toHaveLength(4);
    for (const l of paid.licenses) expect(l.code).toMatch(LICENSE_RE);
    expect(new Set(paid.licenses.map((l) => l.code)).size).toBe(4);
    expect(paid.licenses.filter((l) => l.productName === a.productName)).toHaveLength(3);
    expect(paid.licenses.filter((l) => l.productName === b.productName)).toHaveLength(1);

    // a second notification changes nothing
    expect(await markOrderPaid(row.id)).toBe(false);
    const db = await getDb();
    expect(await db.select().from(licenses).where(eq(licenses.orderId, row.id))).toHaveLength(4);
    expect((await read(u, o.orderNo)).body.data!.licenses.map((l) => l.code)).toEqual(paid.licenses.map((l) => l.code));
    // licenses belong to the buyer
    const mine = await db.select().from(licenses).where(and(eq(licenses.orderId, row.id), eq(licenses.userId, u.userId)));
    expect(mine).toHaveLength(4);
  });

  it('a device order goes to paid (待发货) with no licenses; an overdue unpaid order cannot be paid after the sweep', async () => {
    const u = await buyer();
    const sku = await makeSku({ stock: 10 });
    const o = await place(u, { items: [{ skuId: sku.skuId, quantity: 2 }], addressId: u.addressId });
    expect(await markOrderPaid((await orderRow(o.orderNo)).id)).toBe(true);
    const r = (await read(u, o.orderNo)).body.data!;
    expect(r).toMatchObject({ status: 'paid', statusLabel: '待发货', licenses: [] });
    // 取消订单 of a paid order not yet shipped refunds it (仅退款 of every line); 申请售后 is open too.
    expect(r.actions).toMatchObject({ pay: false, cancel: true, invoice: true, afterSale: true });

    const late = await place(u, { items: [{ skuId: sku.skuId, quantity: 1 }], addressId: u.addressId });
    await expire(late.orderNo);
    await sweepOrders();
    expect(await markOrderPaid((await orderRow(late.orderNo)).id)).toBe(false);
    expect(await stockOf(sku.skuId)).toBe(8);
  });
});
