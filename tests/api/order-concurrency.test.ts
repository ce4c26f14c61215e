/**
 * Orders under concurrency, on PGlite and PostgreSQL (docs/states.md#guarded-updates, #stock): 100 simultaneous orders for
 * a SKU with stock 10 → exactly 10 orders and stock 0, never negative; one idempotency key sent
 * twice at once → one order; cancel and the sweep racing → stock restored exactly once.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as ordersPost } from '@/app/api/v1/orders/route';
import { GET as orderGet } from '@/app/api/v1/orders/[orderNo]/route';
import { POST as cancelPost } from '@/app/api/v1/orders/[orderNo]/cancel/route';
import { getDb } from '@/lib/server/db/client';
import { orders } from '@/lib/server/db/schema';
import { sweepOrders } from '@/lib/server/flows/order-sweep';
import { type Order } from '@/lib/server/views/orders-detail';
import {
  addAddress,
  call,
  ctx,
  expire,
  idemKey,
  loginMany,
  makeSku,
  orderLinesOfSku,
  orderRow,
  req,
  stockOf,
  type Shopper,
} from './session';

type Buyer = Shopper & { addressId: number };

async function buyers(n: number): Promise<Buyer[]> {
  const users = await loginMany(n);
  return Promise.all(users.map(async (u) => ({ ...u, addressId: (await addAddress(u.token)).id })));
}

function orderReq(b: Buyer, skuId: number, quantity: number, key = idemKey()) {
  return call<Order>(ordersPost, req('POST', '/orders', { items: [{ skuId, quantity }], addressId: b.addressId, idempotencyKey: key }, { token: b.token }));
}

async function ordersOf(userId: number) {
  const db = await getDb();
  return db.select().from(orders).where(eq(orders.userId, userId));
}

describe('concurrent orders', () => {
  it('100 simultaneous orders of quantity 1 for a SKU with stock 10 → exactly 10 orders, stock 0, never negative', async () => {
    const sku = await makeSku({ priceFen: 12_000, stock: 10 });
    const team = await buyers(10);
    const attempts = team.flatMap((b) => Array.from({ length: 10 }, () => b));
    expect(attempts).toHaveLength(100);

    // watch the stock while the orders race
    const seen: number[] = [];
    let racing = true;
    const watcher = (async () => {
      while (racing) {
        seen.push(await stockOf(sku.skuId));
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const results = await Promise.all(attempts.map((b) => orderReq(b, sku.skuId, 1)));
    racing = false;
    await watcher;

    const codes = results.map((r) => r.body.resultCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c !== 200 && c !== 409), codes.join(',')).toEqual([]);
    for (const r of results.filter((x) => x.body.resultCode === 409)) expect(r.body.message).toMatch(/库存不足/);
    const placed = results.filter((r) => r.body.resultCode === 200).map((r) => r.body.data!);
    expect(new Set(placed.map((o) => o.orderNo)).size).toBe(10);
    for (const o of placed) expect(o).toMatchObject({ status: 'pending_payment', totalFen: 12_000, itemsTotalFen: 12_000 });

    expect(await stockOf(sku.skuId)).toBe(0);
    expect(Math.min(...seen, 0)).toBe(0);
    expect(seen.every((s) => s >= 0 && s <= 10)).toBe(true);
    expect(await orderLinesOfSku(sku.skuId)).toEqual({ orders: 10, quantity: 10 });
    // every order row has its line (no order without its stock)
    const rows = (await Promise.all(team.map((b) => ordersOf(b.userId)))).flat();
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.status === 'pending_payment')).toBe(true);
  });

  it('mixed quantities racing never oversell: the stock taken equals the quantities ordered', async () => {
    const sku = await makeSku({ priceFen: 3_000, stock: 25 });
    const team = await buyers(5);
    const qty = [1, 2, 3, 4, 5, 6, 7];
    const results = await Promise.all(team.flatMap((b) => qty.map((q) => orderReq(b, sku.skuId, q).then((r) => ({ q, r })))));
    const won = results.filter((x) => x.r.body.resultCode === 200);
    expect(results.every((x) => [200, 409].includes(x.r.body.resultCode))).toBe(true);
    const sold = won.reduce((n, x) => n + x.q, 0);
    expect(sold).toBeLessThanOrEqual(25);
    expect(await stockOf(sku.skuId)).toBe(25 - sold);
    expect(await orderLinesOfSku(sku.skuId)).toEqual({ orders: won.length, quantity: sold });
  });

  it('orders of the same SKUs listed in opposite orders, racing, do not deadlock (no 5xx)', async () => {
    const a = await makeSku({ priceFen: 1_000, stock: 1_000 });
    const b = await makeSku({ priceFen: 2_000, stock: 1_000 });
    const team = await buyers(4);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const who = team[i % team.length];
        const items = i % 2 ? [{ skuId: a.skuId, quantity: 1 }, { skuId: b.skuId, quantity: 1 }] : [{ skuId: b.skuId, quantity: 1 }, { skuId: a.skuId, quantity: 1 }];
        return call<Order>(ordersPost, req('POST', '/orders', { items, addressId: who.addressId, idempotencyKey: idemKey() }, { token: who.token }));
      }),
    );
    expect(results.map((r) => r.body.resultCode)).toEqual(Array(40).fill(200));
    expect([await stockOf(a.skuId), await stockOf(b.skuId)]).toEqual([960, 960]);
  });

  it('cancels and new orders of the same two SKUs racing: no deadlock, stock matches the live orders', async () => {
    const a = await makeSku({ priceFen: 1_000, stock: 500 });
    const b = await makeSku({ priceFen: 2_000, stock: 500 });
    const team = await buyers(3);
    const pair = (i: number) => (i % 2 ? [{ skuId: a.skuId, quantity: 1 }, { skuId: b.skuId, quantity: 2 }] : [{ skuId: b.skuId, quantity: 2 }, { skuId: a.skuId, quantity: 1 }]);
    const first = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const who = team[i % 3];
        return orderReq(who, a.skuId, 1).then(() => call<Order>(ordersPost, req('POST', '/orders', { items: pair(i), addressId: who.addressId, idempotencyKey: idemKey() }, { token: who.token })));
      }),
    );
    const made = first.map((r, i) => ({ who: team[i % 3], orderNo: r.body.data!.orderNo }));
    const racing = await Promise.all([
      ...made.map(({ who, orderNo }) => call(cancelPost, req('POST', `/orders/${orderNo}/cancel`, { reason: '不想要了' }, { token: who.token }), ctx({ orderNo }))),
      ...Array.from({ length: 12 }, (_, i) =>
        call(ordersPost, req('POST', '/orders', { items: pair(i + 1), addressId: team[i % 3].addressId, idempotencyKey: idemKey() }, { token: team[i % 3].token })),
      ),
    ]);
    expect(racing.map((r) => r.body.resultCode)).toEqual(Array(24).fill(200));
    // live: 12 single-A orders + 12 new pairs; the first 12 pairs were cancelled
    expect(await stockOf(a.skuId)).toBe(500 - 12 - 12);
    expect(await stockOf(b.skuId)).toBe(500 - 12 * 2);
  });

  it('the same idempotency key twice at once → one order, stock taken once', async () => {
    const sku = await makeSku({ stock: 50 });
    const [b] = await buyers(1);
    for (let round = 0; round < 5; round++) {
      const key = idemKey();
      const [x, y] = await Promise.all([orderReq(b, sku.skuId, 2, key), orderReq(b, sku.skuId, 2, key)]);
      expect(x.body.resultCode, x.body.message).toBe(200);
      expect(y.body.resultCode, y.body.message).toBe(200);
      expect(y.body.data!.orderNo).toBe(x.body.data!.orderNo);
    }
    expect((await ordersOf(b.userId)).length).toBe(5);
    expect(await stockOf(sku.skuId)).toBe(50 - 5 * 2);
    expect(await orderLinesOfSku(sku.skuId)).toEqual({ orders: 5, quantity: 10 });
  });

  it('ten requests with one key at once (a frantic double click) → one order', async () => {
    const sku = await makeSku({ stock: 50 });
    const [b] = await buyers(1);
    const key = idemKey();
    const results = await Promise.all(Array.from({ length: 10 }, () => orderReq(b, sku.skuId, 1, key)));
    expect(results.map((r) => r.body.resultCode)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.body.data!.orderNo)).size).toBe(1);
    expect((await ordersOf(b.userId)).length).toBe(1);
    expect(await stockOf(sku.skuId)).toBe(49);
  });
});

describe('cancel racing the sweep', () => {
  it('POST cancel and sweepOrders() at once on an overdue order → cancelled, stock restored exactly once', async () => {
    const sku = await makeSku({ stock: 40 });
    const [b] = await buyers(1);
    for (let round = 0; round < 5; round++) {
      const before = await stockOf(sku.skuId);
      const o = (await orderReq(b, sku.skuId, 3)).body.data!;
      expect(await stockOf(sku.skuId)).toBe(before - 3);
      await expire(o.orderNo);
      const [cancelled] = await Promise.all([
        call<Order>(cancelPost, req('POST', `/orders/${o.orderNo}/cancel`, { reason: '不想要了' }, { token: b.token }), ctx({ orderNo: o.orderNo })),
        sweepOrders(),
      ]);
      // whichever wins, the order ends cancelled; the loser sees 200 (already cancelled) or 409
      expect([200, 409]).toContain(cancelled.body.resultCode);
      expect((await orderRow(o.orderNo)).status).toBe('cancelled');
      expect(await stockOf(sku.skuId)).toBe(before);
    }
  });

  it('cancel, the sweep and a read, all at once, several orders → each stock unit back once', async () => {
    const sku = await makeSku({ stock: 30 });
    const team = await buyers(3);
    const placed = await Promise.all(team.map(async (b) => ({ b, o: (await orderReq(b, sku.skuId, 2)).body.data! })));
    expect(await stockOf(sku.skuId)).toBe(24);
    for (const { o } of placed) await expire(o.orderNo);
    await Promise.all(
      placed.flatMap(({ b, o }) => [
        call(cancelPost, req('POST', `/orders/${o.orderNo}/cancel`, { reason: '不想要了' }, { token: b.token }), ctx({ orderNo: o.orderNo })),
        call(orderGet, req('GET', `/orders/${o.orderNo}`, undefined, { token: b.token }), ctx({ orderNo: o.orderNo })),
        sweepOrders(),
      ]),
    );
    expect(await stockOf(sku.skuId)).toBe(30);
    for (const { o } of placed) expect((await orderRow(o.orderNo)).status).toBe('cancelled');
  });

  it('two cancels at once → stock restored once', async () => {
    const sku = await makeSku({ stock: 10 });
    const [b] = await buyers(1);
    const o = (await orderReq(b, sku.skuId, 4)).body.data!;
    const results = await Promise.all(
      Array.from({ length: 4 }, () => call(cancelPost, req('POST', `/orders/${o.orderNo}/cancel`, { reason: '不想要了' }, { token: b.token }), ctx({ orderNo: o.orderNo }))),
    );
    expect(results.filter((r) => r.body.resultCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => [200, 409].includes(r.body.resultCode))).toBe(true);
    expect(await stockOf(sku.skuId)).toBe(10);
  });
});
