/**
 * Parcel tracking (docs/tracking.md): 发货 subscribes the waybill at the demo carrier over HTTP (快递100's
 * `poll`); a push signed with the waybill's salt stores its events once and GET /orders/{orderNo}/tracking
 * shows them; a forged push (bad sign, unknown waybill, another waybill's salt, a bad body) stores
 * nothing and answers 快递100's failure; 20 concurrent copies of one push store its events once; the demo
 * carrier's advance walks to 已签收, and the automatic 确认收货 counts from the signing.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as advanceRoute from '@/app/sandbox/carrier/advance/route';
import * as pollRoute from '@/app/sandbox/carrier/poll/route';
import * as queryRoute from '@/app/sandbox/carrier/poll/query.do/route';
import * as notifyRoute from '@/app/api/v1/carrier/notify/kuaidi100/route';
import { POST as shipPost } from '@/app/api/v1/admin/orders/[orderNo]/ship/route';
import { GET as trackingGet } from '@/app/api/v1/orders/[orderNo]/tracking/route';
import { POST as orderAdvancePost } from '@/app/api/v1/orders/[orderNo]/tracking/advance/route';
import { GET as orderGet } from '@/app/api/v1/orders/[orderNo]/route';
import { SHIPPED_AUTO_COMPLETE_DAYS } from '@/lib/domain/order-rules';
import { DAY_MS, shopDateTime } from '@/lib/domain/shop-time';
import { pushSign } from '@/lib/server/carrier/kuaidi100';
import { getDb } from '@/lib/server/db/client';
import { orders, sandboxParcels, trackingEvents, waybillSubscriptions } from '@/lib/server/db/schema';
import type { OrderTracking } from '@/lib/server/views/order-tracking';
import type { Order } from '@/lib/server/views/orders-detail';
import { sweepOrders } from '@/lib/server/flows/order-sweep';
import { queryQuietWaybills } from '@/lib/server/flows/parcels';
import { quietWaybills } from '@/lib/server/views/quiet-waybills';
import { sweepParcels } from '@/lib/server/carrier-sandbox/parcels';
import { kuaidi100Config } from '@/lib/server/carrier/kuaidi100';
import { loginOperator, placeOrder, type Placed } from './admin-session';
import { call, ctx, fails, loginNew, ok, req, type Shopper } from './session';

/** A real HTTP server for what crosses the network: the demo carrier and our callback. */
const ROUTES: [RegExp, (r: Request) => Promise<Response>][] = [
  [/^\/sandbox\/carrier\/poll$/, (r) => pollRoute.POST(r)],
  [/^\/sandbox\/carrier\/poll\/query\.do$/, (r) => queryRoute.POST(r)],
  [/^\/sandbox\/carrier\/advance$/, (r) => advanceRoute.POST(r)],
  [/^\/api\/v1\/carrier\/notify\/kuaidi100$/, (r) => notifyRoute.POST(r)],
];

let server: Server;
let origin: string;
let op: Shopper;

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = ROUTES.find(([re]) => re.test(url.pathname));
    if (!route) return void res.writeHead(404).end();
    const raw = await body(req);
    const answer = await route[1](new Request(`${origin}${url.pathname}`, { method: 'POST', headers: { 'content-type': String(req.headers['content-type'] ?? '') }, body: new Uint8Array(raw) }));
    res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.SITE_URL = origin;
  op = await loginOperator();
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let waybillCounter = 0;
const newWaybill = () => `YT${Date.now().toString().slice(-9)}${String(++waybillCounter).padStart(3, '0')}${process.pid % 10}`;

async function shipped(): Promise<Placed & { trackingNo: string; waybill: typeof waybillSubscriptions.$inferSelect }> {
  const placed = await placeOrder({ paid: true });
  const trackingNo = newWaybill();
  // Bound for 北京: the demo carrier's route passes cities on the way from 合肥.
  const db0 = await getDb();
  const [row] = await db0.select({ a: orders.addressSnapshot }).from(orders).where(eq(orders.id, placed.orderId));
  await db0.update(orders).set({ addressSnapshot: { ...row.a!, province: '北京市', city: '北京市', county: '海淀区' } }).where(eq(orders.id, placed.orderId));
  const { body: env } = await call(shipPost, req('POST', `/admin/orders/${placed.order.orderNo}/ship`, { carrier: '圆通速递', trackingNo }, { token: op.token }), ctx({ orderNo: placed.order.orderNo }));
  expect(env.resultCode, env.message).toBe(200);
  const db = await getDb();
  const [waybill] = await db.select().from(waybillSubscriptions).where(eq(waybillSubscriptions.orderId, placed.orderId));
  return { ...placed, trackingNo, waybill };
}

const tracking = (u: Shopper, orderNo: string) => ok<OrderTracking>(trackingGet, req('GET', `/orders/${orderNo}/tracking`, undefined, { token: u.token }), ctx({ orderNo }));

/** A carrier time `minutesAgo` (negative: after 发货, which was just now). */
const at = (minutesAgo: number) => shopDateTime(new Date(Date.now() - minutesAgo * 60_000));

function pushParam(trackingNo: string, state: string, data: { time: string; context: string; areaName?: string; statusCode?: string; status?: string }[]) {
  return JSON.stringify({
    status: 'polling',
    message: '',
    lastResult: { message: 'ok', state, status: '200', ischeck: state === '3' ? '1' : '0', com: 'yuantong', nu: trackingNo, data: data.map((d) => ({ ...d, ftime: d.time })) },
  });
}

async function push(fields: Record<string, string>): Promise<{ status: number; reply: { result: boolean; returnCode: string; message: string } }> {
  const res = await notifyRoute.POST(
    new Request('http://shop.test/api/v1/carrier/notify/kuaidi100', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    }),
  );
  return { status: res.status, reply: (await res.json()) as { result: boolean; returnCode: string; message: string } };
}

async function eventCount(subscriptionId: number): Promise<number> {
  const db = await getDb();
  const [r] = await db.select({ n: count() }).from(trackingEvents).where(eq(trackingEvents.subscriptionId, subscriptionId));
  return Number(r.n);
}

const TWO_EVENTS = () => [
  { time: at(-1), context: '【合肥市】圆通速递 已揽收', areaName: '安徽,合肥市', statusCode: '103', status: '揽收' },
  { time: at(-2), context: '快件已到达【南京转运中心】', areaName: '南京', statusCode: '1002', status: '在途' },
];

describe('carrier pushes (POST /api/v1/carrier/notify/kuaidi100)', () => {
  it('发货 subscribes the waybill at the carrier; a push signed with its salt stores the events, shown newest first with 已发货', async () => {
    const s = await shipped();
    expect(s.waybill).toMatchObject({ carrierCode: 'yuantong', trackingNo: s.trackingNo, destination: '北京市' });
    expect(s.waybill.subscribedAt).not.toBeNull();
    const db = await getDb();
    const [parcel] = await db.select().from(sandboxParcels).where(eq(sandboxParcels.number, s.trackingNo));
    expect(parcel).toMatchObject({ company: 'yuantong', salt: s.waybill.salt, step: 0, callbackUrl: `${origin}/api/v1/carrier/notify/kuaidi100` });

    const before = await tracking(s.buyer, s.order.orderNo);
    expect(before).toMatchObject({ carrier: '圆通速递', trackingNo: s.trackingNo, state: 'waiting', stateLabel: '待揽收' });
    expect(before.events.map((e) => e.state)).toEqual(['shipped']);

    const param = pushParam(s.trackingNo, '0', TWO_EVENTS());
    const r = await push({ param, sign: pushSign(param, s.waybill.salt) });
    expect(r).toEqual({ status: 200, reply: { result: true, returnCode: '200', message: '成功' } });

    const t = await tracking(s.buyer, s.order.orderNo);
    expect(t).toMatchObject({ state: 'in_transit', stateLabel: '运输中' });
    expect(t.events.map((e) => [e.text, e.place, e.state])).toEqual([
      ['快件已到达【南京转运中心】', '南京', 'in_transit'],
      ['【合肥市】圆通速递 已揽收', '安徽 合肥市', 'collected'],
      [expect.stringMatching(/^已发货/), '合肥市', 'shipped'],
    ]);
    // A repeat of the same push (快递100 sends the whole record each time) adds nothing.
    expect((await push({ param, sign: pushSign(param, s.waybill.salt).toLowerCase() })).status).toBe(200);
    expect(await eventCount(s.waybill.id)).toBe(2);
  });

  it('a forged push — wrong sign, unknown waybill, another waybill\'s salt, a bad body — stores nothing and answers 快递100\'s failure', async () => {
    const a = await shipped();
    const b = await shipped();
    const param = pushParam(a.trackingNo, '3', [{ time: at(5), context: '已签收，签收人：伪造', statusCode: '301' }]);
    const refused = async (fields: Record<string, string>, status: number) => {
      const r = await push(fields);
      expect(r.status, JSON.stringify(r.reply)).toBe(status);
      expect(r.reply).toMatchObject({ result: false, returnCode: '500' });
      expect(r.reply.message).toMatch(/[\u4e00-\u9fff]/);
    };
    await refused({ param, sign: 'A'.repeat(32) }, 401);
    await refused({ param, sign: pushSign(param, b.waybill.salt) }, 401);
    await refused({ param, sign: pushSign(param, 'salt-of-someone-else') }, 401);
    const unknown = pushParam('YT000000000000', '3', [{ time: at(5), context: '已签收', statusCode: '301' }]);
    await refused({ param: unknown, sign: pushSign(unknown, a.waybill.salt) }, 404);
    await refused({ param: '{not json', sign: pushSign('{not json', a.waybill.salt) }, 400);
    await refused({ param }, 400);
    await refused({ param: JSON.stringify({ lastResult: { com: 'yuantong', nu: a.trackingNo, data: 'x' } }), sign: 'x' }, 400);

    expect(await eventCount(a.waybill.id)).toBe(0);
    const db = await getDb();
    const [w] = await db.select().from(waybillSubscriptions).where(eq(waybillSubscriptions.id, a.waybill.id));
    expect(w).toMatchObject({ state: null, signedAt: null, lastPushAt: null });
    expect((await tracking(a.buyer, a.order.orderNo)).state).toBe('waiting');
  });

  it('20 concurrent copies of one genuine push store its events once', async () => {
    const s = await shipped();
    const param = pushParam(s.trackingNo, '0', TWO_EVENTS());
    const sign = pushSign(param, s.waybill.salt);
    const answers = await Promise.all(Array.from({ length: 20 }, () => push({ param, sign })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await eventCount(s.waybill.id)).toBe(2);
    expect((await tracking(s.buyer, s.order.orderNo)).events).toHaveLength(3);
  });
});

describe('the demo carrier', () => {
  it('advance walks the parcel to 已签收 with signed pushes; 确认收货 counts its days from the signing', async () => {
    const s = await shipped();
    const advance = () =>
      advanceRoute.POST(new Request(`${origin}/sandbox/carrier/advance`, { method: 'POST', headers: { token: s.buyer.token }, body: JSON.stringify({ trackingNo: s.trackingNo.toLowerCase() }) })).then(async (r) => {
        expect(r.status).toBe(200);
        return (await r.json()) as { state: string; stateLabel: string };
      });
    const states: string[] = [];
    for (let i = 0; i < 10; i++) {
      const { state } = await advance();
      states.push(state);
      if (state === 'signed') break;
    }
    expect(states[0]).toBe('collected');
    expect(states.at(-1)).toBe('signed');
    expect(states.slice(1, -2).every((x) => x === 'in_transit')).toBe(true);
    expect(states.slice(1, -2).length).toBeGreaterThanOrEqual(2);
    expect(states.at(-2)).toBe('delivering');
    // Past 已签收 there is no step: the state stays.
    expect((await advance()).state).toBe('signed');

    const t = await tracking(s.buyer, s.order.orderNo);
    expect(t.state).toBe('signed');
    expect(t.signedAt).not.toBeNull();
    expect(t.events.map((e) => e.state)).toEqual([...[...states].reverse(), 'shipped']);
    expect(t.events[t.events.length - 2].place).toBe('安徽 合肥市');
    expect(t.events.map((e) => e.place)).toEqual(['北京', '北京', '北京', '济南', '徐州', '安徽 合肥市', '合肥市']);

    // Shipped long ago but signed just now: not yet completed; signed 7 days ago: completed.
    const db = await getDb();
    await db.update(orders).set({ shippedAt: new Date(Date.now() - (SHIPPED_AUTO_COMPLETE_DAYS + 3) * DAY_MS) }).where(eq(orders.id, s.orderId));
    await sweepOrders();
    expect((await ok<Order>(orderGet, req('GET', `/orders/${s.order.orderNo}`, undefined, { token: s.buyer.token }), ctx({ orderNo: s.order.orderNo }))).status).toBe('shipped');
    await db
      .update(waybillSubscriptions)
      .set({ signedAt: sql`now() - make_interval(days => ${SHIPPED_AUTO_COMPLETE_DAYS}, secs => 1)` })
      .where(eq(waybillSubscriptions.id, s.waybill.id));
    expect((await ok<Order>(orderGet, req('GET', `/orders/${s.order.orderNo}`, undefined, { token: s.buyer.token }), ctx({ orderNo: s.order.orderNo }))).status).toBe('completed');
  });

  it('the sweep asks the carrier about a waybill gone quiet (real-time query), which fills the gap of a lost push', async () => {
    const s = await shipped();
    const db = await getDb();
    // The carrier moved two steps, but its pushes never arrived.
    await db.update(sandboxParcels).set({ callbackUrl: `${origin}/nowhere` }).where(eq(sandboxParcels.number, s.trackingNo));
    for (let i = 0; i < 2; i++) await advanceRoute.POST(new Request(`${origin}/sandbox/carrier/advance`, { method: 'POST', headers: { token: op.token }, body: JSON.stringify({ trackingNo: s.trackingNo }) }));
    expect(await eventCount(s.waybill.id)).toBe(0);
    await db.update(waybillSubscriptions).set({ createdAt: new Date(Date.now() - DAY_MS) }).where(eq(waybillSubscriptions.id, s.waybill.id));
    expect(await queryQuietWaybills()).toBeGreaterThanOrEqual(1);
    expect(await eventCount(s.waybill.id)).toBe(2);
    expect((await tracking(s.buyer, s.order.orderNo)).state).toBe('in_transit');
  });
});

describe('who may move a parcel of the demo carrier', () => {
  const advanceAs = (token: string | null, trackingNo: string) =>
    advanceRoute.POST(new Request(`${origin}/sandbox/carrier/advance`, { method: 'POST', headers: token ? { token } : {}, body: JSON.stringify({ trackingNo }) }));
  const eventsOf = async (s: Awaited<ReturnType<typeof shipped>>) => (await tracking(s.buyer, s.order.orderNo)).events.length;

  it('nobody logged in: 401; another shopper: 404 as for an unknown number; nothing moves and the owner hears nothing', async () => {
    const s = await shipped();
    const stranger = await loginNew();
    const before = await eventsOf(s);
    const anonymous = await advanceAs(null, s.trackingNo);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { message: string }).message).toMatch(/^请先登录/);
    for (let i = 0; i < 4; i++) expect((await advanceAs(stranger.token, s.trackingNo)).status).toBe(404);
    expect(((await (await advanceAs(stranger.token, s.trackingNo)).json()) as { message: string }).message).toBe('没有这个运单');
    const db = await getDb();
    const [p] = await db.select().from(sandboxParcels).where(eq(sandboxParcels.number, s.trackingNo));
    expect(p.step).toBe(0);
    expect(await eventsOf(s)).toBe(before);
  });

  it('the owner moves their own parcel, the operator any; 「模拟快递员」 (POST /orders/{no}/tracking/advance) for the owner only, 404 in live mode', async () => {
    const s = await shipped();
    expect(await (await advanceAs(s.buyer.token, s.trackingNo)).json()).toMatchObject({ state: 'collected', stateLabel: '已揽收', step: 1 });
    expect(await (await advanceAs(op.token, s.trackingNo)).json()).toMatchObject({ state: 'in_transit', step: 2 });
    const moved = await ok<{ state: string; step: number }>(orderAdvancePost, req('POST', `/orders/${s.order.orderNo}/tracking/advance`, {}, { token: s.buyer.token }), ctx({ orderNo: s.order.orderNo }));
    expect(moved).toMatchObject({ state: 'in_transit', step: 3 });
    const stranger = await loginNew();
    expect(await fails(404, orderAdvancePost, req('POST', `/orders/${s.order.orderNo}/tracking/advance`, {}, { token: stranger.token }), ctx({ orderNo: s.order.orderNo }))).toBe('订单不存在');
    const before = process.env.SHOP_MODE;
    process.env.SHOP_MODE = 'live';
    try {
      expect(await fails(404, orderAdvancePost, req('POST', `/orders/${s.order.orderNo}/tracking/advance`, {}, { token: s.buyer.token }), ctx({ orderNo: s.order.orderNo }))).toBe('没有这个运单');
    } finally {
      if (before === undefined) delete process.env.SHOP_MODE;
      else process.env.SHOP_MODE = before;
    }
    expect((await tracking(s.buyer, s.order.orderNo)).state).toBe('in_transit');
  });
});

describe('the demo carrier on its own clock, and live mode', () => {
  it('the sweep takes a parcel\'s due step (its time is in the database) and pushes it', async () => {
    const s = await shipped();
    const db = await getDb();
    await db.update(sandboxParcels).set({ nextStepAt: new Date(Date.now() - 1000) }).where(eq(sandboxParcels.number, s.trackingNo));
    expect(await sweepParcels()).toBeGreaterThanOrEqual(1);
    const [p] = await db.select().from(sandboxParcels).where(eq(sandboxParcels.number, s.trackingNo));
    expect(p.step).toBe(1);
    expect(p.nextStepAt!.getTime()).toBeGreaterThan(Date.now());
    expect((await tracking(s.buyer, s.order.orderNo)).state).toBe('collected');
  });

  it('in live mode the demo carrier is 404 and 快递100\'s keys are required', async () => {
    const before = process.env.SHOP_MODE;
    process.env.SHOP_MODE = 'live';
    try {
      const r = await advanceRoute.POST(new Request(`${origin}/sandbox/carrier/advance`, { method: 'POST', body: JSON.stringify({ trackingNo: 'YT1' }) }));
      expect(r.status).toBe(404);
      expect((await pollRoute.POST(new Request(`${origin}/sandbox/carrier/poll`, { method: 'POST', body: 'schema=json' }))).status).toBe(404);
      delete process.env.KUAIDI100_KEY;
      expect(() => kuaidi100Config()).toThrow('SHOP_MODE=live needs KUAIDI100_KEY');
    } finally {
      if (before === undefined) delete process.env.SHOP_MODE;
      else process.env.SHOP_MODE = before;
    }
  });
});

describe('the console\'s 疑难运单', () => {
  it('lists a waybill of a 待收货 order quiet for 3 days, or called 疑难 by the carrier; not a signed one', async () => {
    const quiet = await shipped();
    const trouble = await shipped();
    const fresh = await shipped();
    const db = await getDb();
    await db.update(waybillSubscriptions).set({ lastEventAt: new Date(Date.now() - 4 * DAY_MS) }).where(eq(waybillSubscriptions.id, quiet.waybill.id));
    const param = pushParam(trouble.trackingNo, '201', [{ time: at(-1), context: '快件地址不详，联系不到收件人', statusCode: '201', status: '疑难' }]);
    expect((await push({ param, sign: pushSign(param, trouble.waybill.salt) })).status).toBe(200);
    const listed = (await quietWaybills()).map((w) => [w.orderNo, w.stateLabel]);
    expect(listed).toContainEqual([quiet.order.orderNo, '待揽收']);
    expect(listed).toContainEqual([trouble.order.orderNo, '疑难']);
    expect(listed.map(([o]) => o)).not.toContain(fresh.order.orderNo);
  });
});

describe('GET /orders/{orderNo}/tracking', () => {
  it('is the owner\'s only: another shopper and an unknown order are 404, a visitor 416', async () => {
    const s = await shipped();
    const other = await loginNew();
    await fails(404, trackingGet, req('GET', `/orders/${s.order.orderNo}/tracking`, undefined, { token: other.token }), ctx({ orderNo: s.order.orderNo }));
    await fails(404, trackingGet, req('GET', `/orders/${'9'.repeat(20)}/tracking`, undefined, { token: s.buyer.token }), ctx({ orderNo: '9'.repeat(20) }));
    await fails(416, trackingGet, req('GET', `/orders/${s.order.orderNo}/tracking`), ctx({ orderNo: s.order.orderNo }));
    expect((await tracking(s.buyer, s.order.orderNo)).trackingNo).toBe(s.trackingNo);
  });
});
