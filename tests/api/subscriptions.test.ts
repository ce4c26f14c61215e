/**
 * 我的服务 (GET /subscriptions, GET /subscriptions/{id}, docs/subscriptions.md): what a paid service order
 * made, its state against the clock as the end date moves, seats used as codes are activated, 自动续费, the
 * buying order, today's price of a year, the history; another shopper's is 404, a visitor's 401.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as listGet } from '@/app/api/v1/subscriptions/route';
import { GET as oneGet } from '@/app/api/v1/subscriptions/[id]/route';
import { POST as activatePost } from '@/app/api/v1/licenses/[code]/activate/route';
import { POST as ordersPost } from '@/app/api/v1/orders/route';
import { GET as orderGet } from '@/app/api/v1/orders/[orderNo]/route';
import { DAY_MS } from '@/lib/domain/shop-time';
import { GRACE_DAYS, TERM_DAYS } from '@/lib/domain/subscription';
import { getDb } from '@/lib/server/db/client';
import { licenses, orders, skus, subscriptionContracts, subscriptionEvents, subscriptionOrders, subscriptions } from '@/lib/server/db/schema';
import { markOrderPaid } from '@/lib/server/modules/order';
import type { Order } from '@/lib/server/views/orders-detail';
import type { Subscription, SubscriptionDetail } from '@/lib/server/views/subscriptions';
import { addAddress, call, ctx, fails, idemKey, loginNew, makeSku, ok, orderRow, req, setSku, type Shopper } from './session';

type Page = { items: Subscription[]; total: number; page: number; pageSize: number };

/** A seeded SKU of the catalog by its code (the editions are known by code: lib/domain/subscription.ts). */
async function seeded(code: string): Promise<{ skuId: number; productId: number; priceFen: number }> {
  const [s] = await (await getDb()).select({ skuId: skus.id, productId: skus.productId, priceFen: skus.priceFen }).from(skus).where(eq(skus.code, code));
  return s;
}

/** A paid order of `u` for these lines; its number. */
async function bought(u: Shopper, items: { skuId: number; quantity: number }[]): Promise<string> {
  const o = await ok<Order>(ordersPost, req('POST', '/orders', { items, idempotencyKey: idemKey() }, { token: u.token }));
  expect(await markOrderPaid((await orderRow(o.orderNo)).id)).toBe(true);
  return o.orderNo;
}

const list = (u: Shopper, query = '') => ok<Page>(listGet, req('GET', `/subscriptions${query}`, undefined, { token: u.token }));
const one = (u: Shopper, id: number) => ok<SubscriptionDetail>(oneGet, req('GET', `/subscriptions/${id}`, undefined, { token: u.token }), ctx({ id }));
const activate = (u: Shopper, code: string) => ok(activatePost, req('POST', `/licenses/${code}/activate`, {}, { token: u.token }), ctx({ code }));

/** Moves a subscription's term so that it ends `days` from now (negative: ended that long ago). */
async function endIn(id: number, days: number): Promise<Date> {
  const endsAt = new Date(Date.now() + days * DAY_MS);
  await (await getDb()).update(subscriptions).set({ startsAt: new Date(endsAt.getTime() - TERM_DAYS * DAY_MS), endsAt }).where(eq(subscriptions.id, id));
  return endsAt;
}

let A: Shopper;
let B: Shopper;
let mailE: Awaited<ReturnType<typeof seeded>>;
let mailP: Awaited<ReturnType<typeof seeded>>;
let meet: Awaited<ReturnType<typeof makeSku>>;
let perSeatOrderNo = '';
let perSeat: Subscription;
let units: Subscription[];

beforeAll(async () => {
  A = await loginNew();
  B = await loginNew();
  mailE = await seeded('MAIL-E-1Y');
  mailP = await seeded('MAIL-P-1Y');
  meet = await makeSku({ kind: 'service', priceFen: 12_300, stock: 100 });
  await bought(A, [{ skuId: meet.skuId, quantity: 2 }]);
  perSeatOrderNo = await bought(A, [{ skuId: mailE.skuId, quantity: 3 }]);
  const page = await list(A);
  perSeat = page.items[0];
  units = page.items.slice(1);
});

describe('GET /subscriptions', () => {
  it('a per-seat line is one subscription of its seats, any other line one per unit; newest first, 未激活 until a code is activated', async () => {
    const page = await list(A);
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 10 });
    expect(perSeat).toEqual({
      id: expect.any(Number),
      productId: mailE.productId,
      productName: '量子邮箱',
      skuId: mailE.skuId,
      edition: '企业版',
      perSeat: true,
      seats: 3,
      seatsUsed: 0,
      state: 'unused',
      stateLabel: '未激活',
      startsAt: null,
      endsAt: null,
      graceEndsAt: null,
      daysLeft: 0,
      autoRenew: false,
      autoRenewChannel: null,
      codes: [0, 1, 2].map(() => ({ code: expect.stringMatching(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/), activatedAt: null, revoked: false })),
      orderNo: perSeatOrderNo,
      yearPriceFen: 3 * mailE.priceFen,
      canRenew: false,
      canAddSeats: false,
      canUpgrade: false,
      upgradeTo: null,
    });
    expect(units).toHaveLength(2);
    for (const s of units) {
      expect(s).toMatchObject({ productId: meet.productId, productName: meet.productName, edition: meet.skuName, perSeat: false, seats: 1, yearPriceFen: 12_300 });
      expect(s.codes).toHaveLength(1);
    }
    expect(units[0].id).toBeGreaterThan(units[1].id);
  });

  it('pages like every list: pageSize and page, the total of all', async () => {
    const first = await list(A, '?page=1&pageSize=10');
    const second = await list(A, '?page=2&pageSize=10');
    expect(first.items.map((s) => s.id)).toEqual([perSeat.id, ...units.map((s) => s.id)]);
    expect(second).toMatchObject({ items: [], total: 3, page: 2 });
  });

  it("another shopper's list holds none of them; a visitor is asked to log in", async () => {
    const other = await list(B);
    expect(other).toMatchObject({ items: [], total: 0 });
    const { res, body } = await call(listGet, req('GET', '/subscriptions'));
    expect(res.status).toBe(401);
    expect(body.resultCode).toBe(416);
  });
});

describe('GET /subscriptions/{id}', () => {
  it('activating the first code starts the term: 生效中, a year to go, 宽限期 15 days after; a later seat ends on the same day', async () => {
    const u = await loginNew();
    await bought(u, [{ skuId: mailE.skuId, quantity: 2 }]);
    const [s] = (await list(u)).items;
    const before = Date.now();
    await activate(u, s.codes[0].code);
    const once = await one(u, s.id);
    expect(once).toMatchObject({ state: 'active', stateLabel: '生效中', seats: 2, seatsUsed: 1, daysLeft: TERM_DAYS, canRenew: true, canAddSeats: true, canUpgrade: false });
    const starts = Date.parse(once.startsAt!);
    expect(starts).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(once.endsAt!)).toBe(starts + TERM_DAYS * DAY_MS);
    expect(Date.parse(once.graceEndsAt!)).toBe(Date.parse(once.endsAt!) + GRACE_DAYS * DAY_MS);
    expect(once.codes[0].activatedAt).toBe(once.startsAt);
    expect(once.codes[1].activatedAt).toBeNull();
    expect(once.events.map((e) => [e.kind, e.label])).toEqual([
      ['created', '开通'],
      ['activated', '激活'],
    ]);
    expect(once.events[1].toEndsAt).toBe(once.endsAt);

    await activate(u, s.codes[1].code);
    const twice = await one(u, s.id);
    expect(twice).toMatchObject({ seatsUsed: 2, endsAt: once.endsAt, startsAt: once.startsAt });
    expect(twice.events).toHaveLength(2);
  });

  it('the state follows the end date against the clock: 即将到期, 宽限期, 已过期; 已退款 once refunded', async () => {
    const u = await loginNew();
    await bought(u, [{ skuId: mailE.skuId, quantity: 1 }]);
    const [s] = (await list(u)).items;
    await activate(u, s.codes[0].code);

    const soon = await endIn(s.id, 10);
    expect(await one(u, s.id)).toMatchObject({ state: 'due_soon', stateLabel: '即将到期', daysLeft: 10, endsAt: soon.toISOString(), canRenew: true, canAddSeats: true });
    await endIn(s.id, 9.5);
    expect((await one(u, s.id)).daysLeft).toBe(10); // part of a day counts as a day

    const ended = await endIn(s.id, -3);
    expect(await one(u, s.id)).toMatchObject({
      state: 'grace',
      stateLabel: '宽限期',
      daysLeft: 0,
      graceEndsAt: new Date(ended.getTime() + GRACE_DAYS * DAY_MS).toISOString(),
      canRenew: true,
      canAddSeats: false,
    });

    await endIn(s.id, -GRACE_DAYS - 1);
    expect(await one(u, s.id)).toMatchObject({ state: 'expired', stateLabel: '已过期', canRenew: true, canAddSeats: false, canUpgrade: false });
    // The list computes the same against the same clock.
    expect((await list(u)).items[0]).toMatchObject({ state: 'expired', stateLabel: '已过期' });

    await (await getDb()).update(subscriptions).set({ refundedAt: new Date() }).where(eq(subscriptions.id, s.id));
    expect(await one(u, s.id)).toMatchObject({ state: 'refunded', stateLabel: '已退款', canRenew: false, canAddSeats: false });
  });

  it('个人版 can be upgraded while its term runs, not in its 宽限期; a per-unit edition never takes seats', async () => {
    const u = await loginNew();
    await bought(u, [{ skuId: mailP.skuId, quantity: 1 }]);
    const [s] = (await list(u)).items;
    expect(s).toMatchObject({ edition: '个人版', perSeat: false, canUpgrade: false, canRenew: false, upgradeTo: '企业版' });
    await activate(u, s.codes[0].code);
    expect(await one(u, s.id)).toMatchObject({ state: 'active', canUpgrade: true, canAddSeats: false, canRenew: true, yearPriceFen: mailP.priceFen });
    await endIn(s.id, -1);
    expect(await one(u, s.id)).toMatchObject({ state: 'grace', canUpgrade: false, canRenew: true });
  });

  it('自动续费 is on with a contract in force (its channel), not while one is only being signed', async () => {
    const u = await loginNew();
    await bought(u, [{ skuId: meet.skuId, quantity: 1 }]);
    const [s] = (await list(u)).items;
    const db = await getDb();
    const contractNo = `T${Date.now()}${s.id}`.slice(0, 32);
    const [c] = await db.insert(subscriptionContracts).values({ subscriptionId: s.id, userId: u.userId, channel: 'alipay', contractNo }).returning({ id: subscriptionContracts.id });
    expect(await one(u, s.id)).toMatchObject({ autoRenew: false, autoRenewChannel: null });
    await db.update(subscriptionContracts).set({ state: 'active', signedAt: new Date() }).where(eq(subscriptionContracts.id, c.id));
    expect(await one(u, s.id)).toMatchObject({ autoRenew: true, autoRenewChannel: 'alipay' });
    expect((await list(u)).items[0]).toMatchObject({ autoRenew: true, autoRenewChannel: 'alipay' });
    await db.update(subscriptionContracts).set({ state: 'terminated', terminatedAt: new Date(), terminatedBy: 'shopper' }).where(eq(subscriptionContracts.id, c.id));
    expect(await one(u, s.id)).toMatchObject({ autoRenew: false, autoRenewChannel: null });
  });

  it("a year's price is today's price of the edition for every seat; the order is no longer named once deleted", async () => {
    const u = await loginNew();
    const sku = await makeSku({ kind: 'service', priceFen: 50_000, stock: 100 });
    const orderNo = await bought(u, [{ skuId: sku.skuId, quantity: 1 }]);
    const [s] = (await list(u)).items;
    expect(s).toMatchObject({ yearPriceFen: 50_000, orderNo });
    await setSku(sku.skuId, { priceFen: 45_600 });
    expect(await one(u, s.id)).toMatchObject({ yearPriceFen: 45_600 });
    const db = await getDb();
    await db.update(orders).set({ hiddenAt: new Date() }).where(eq(orders.orderNo, orderNo));
    const hidden = await one(u, s.id);
    expect(hidden.orderNo).toBeNull();
    expect(hidden.events[0]).toMatchObject({ kind: 'created', orderNo: null });
    expect(hidden.codes).toHaveLength(1);
  });

  it("a refund's revoked codes show as revoked and leave fewer seats", async () => {
    const u = await loginNew();
    await bought(u, [{ skuId: mailE.skuId, quantity: 3 }]);
    const [s] = (await list(u)).items;
    const db = await getDb();
    // What revokeUnusedCodes leaves after a refund of one seat (its own tests are the after-sales ones).
    await db.update(licenses).set({ revokedAt: new Date() }).where(eq(licenses.code, s.codes[2].code));
    await db.update(subscriptions).set({ seats: 2 }).where(eq(subscriptions.id, s.id));
    await db.insert(subscriptionEvents).values({ subscriptionId: s.id, kind: 'refunded', seats: 2 });
    const after = await one(u, s.id);
    expect(after).toMatchObject({ seats: 2, seatsUsed: 0, yearPriceFen: 2 * mailE.priceFen });
    expect(after.codes.map((c) => c.revoked)).toEqual([false, false, true]);
    expect(after.events.map((e) => [e.label, e.seats])).toEqual([
      ['开通', 3],
      ['退款', 2],
    ]);
  });

  it("another shopper's subscription, a missing one and a malformed id are 404 服务不存在; a visitor 401", async () => {
    expect(await fails(404, oneGet, req('GET', `/subscriptions/${perSeat.id}`, undefined, { token: B.token }), ctx({ id: perSeat.id }))).toBe('服务不存在');
    expect(await fails(404, oneGet, req('GET', '/subscriptions/2147483647', undefined, { token: A.token }), ctx({ id: 2147483647 }))).toBe('服务不存在');
    expect(await fails(404, oneGet, req('GET', '/subscriptions/abc', undefined, { token: A.token }), ctx({ id: 'abc' }))).toBe('服务不存在');
    const { res, body } = await call(oneGet, req('GET', `/subscriptions/${perSeat.id}`), ctx({ id: perSeat.id }));
    expect(res.status).toBe(401);
    expect(body.resultCode).toBe(416);
    expect(await one(A, perSeat.id)).toMatchObject({ id: perSeat.id, seats: 3 });
  });
});

describe('the order names its subscriptions (查看服务)', () => {
  it("each service line lists the subscriptions it made; a device line none; an order for an existing subscription names that one", async () => {
    const u = await loginNew();
    const device = await makeSku({ priceFen: 9_900, stock: 10 });
    const { id: addressId } = await addAddress(u.token);
    const o = await ok<Order>(
      ordersPost,
      req('POST', '/orders', { items: [{ skuId: meet.skuId, quantity: 2 }, { skuId: mailE.skuId, quantity: 3 }, { skuId: device.skuId, quantity: 1 }], addressId, idempotencyKey: idemKey() }, { token: u.token }),
    );
    expect(o.lines.map((l) => l.subscriptionIds)).toEqual([[], [], []]);
    expect(await markOrderPaid((await orderRow(o.orderNo)).id)).toBe(true);
    const subs = (await list(u)).items;
    const read = await ok<Order>(orderGet, req('GET', `/orders/${o.orderNo}`, undefined, { token: u.token }), ctx({ orderNo: o.orderNo }));
    const bySku = new Map(read.lines.map((l) => [l.skuId, l.subscriptionIds]));
    const ofSku = (skuId: number) => subs.filter((s) => s.skuId === skuId).map((s) => s.id).sort((a, b) => a - b);
    expect(bySku.get(meet.skuId)).toEqual(ofSku(meet.skuId));
    expect(bySku.get(meet.skuId)).toHaveLength(2);
    expect(bySku.get(mailE.skuId)).toEqual(ofSku(mailE.skuId));
    expect(bySku.get(mailE.skuId)).toHaveLength(1);
    expect(bySku.get(device.skuId)).toEqual([]);

    // A 续费 order (written as the renewal's placing writes it): its line is the subscription's.
    const renewal = await ok<Order>(ordersPost, req('POST', '/orders', { items: [{ skuId: mailE.skuId, quantity: 3 }], idempotencyKey: idemKey() }, { token: u.token }));
    const forSub = ofSku(mailE.skuId)[0];
    await (await getDb()).insert(subscriptionOrders).values({ orderId: (await orderRow(renewal.orderNo)).id, subscriptionId: forSub, kind: 'renew', years: 1 });
    const seen = await ok<Order>(orderGet, req('GET', `/orders/${renewal.orderNo}`, undefined, { token: u.token }), ctx({ orderNo: renewal.orderNo }));
    expect(seen.lines.map((l) => l.subscriptionIds)).toEqual([[forSub]]);
  });
});

describe.skipIf(process.env.TEST_DB === 'pglite')('activating at once (PostgreSQL)', () => {
  it('60 seats activated concurrently: one term starts, every seat on its end, 60 seats used', async () => {
    const u = await loginNew();
    await bought(u, [{ skuId: mailE.skuId, quantity: 60 }]);
    const [s] = (await list(u)).items;
    const answers = await Promise.all(s.codes.map((c) => call(activatePost, req('POST', `/licenses/${c.code}/activate`, {}, { token: u.token }), ctx({ code: c.code }))));
    expect(answers.map((a) => a.body.resultCode)).toEqual(s.codes.map(() => 200));
    const after = await one(u, s.id);
    expect(after).toMatchObject({ seats: 60, seatsUsed: 60, state: 'active' });
    expect(new Set(answers.map((a) => (a.body.data as { validUntil: string }).validUntil))).toEqual(new Set([after.endsAt]));
    const db = await getDb();
    const [started] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.subscriptionId, s.id), eq(subscriptionEvents.kind, 'activated')));
    expect(started.n).toBe(1);
  });
});
