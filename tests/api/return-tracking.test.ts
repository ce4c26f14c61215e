/**
 * The return parcel of an after-sales request (docs/tracking.md#returns): the waybill the shopper enters
 * under 填写退货物流 is subscribed at the demo carrier as a shipment is (outbox carrier_subscribe, 快递100's
 * `poll` over HTTP), from the order's address to the warehouse; the carrier's signed pushes fill
 * GET /aftersales/{no}/tracking, in the shape of an order's 物流详情, newest first with the shop's own
 * 「已寄回」; another shopper's request and an unknown number are 404. An exchange's new goods are
 * followed the same way from 换新发出 (docs/tracking.md#exchanges), with their 消息中心 messages.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as advanceRoute from '@/app/sandbox/carrier/advance/route';
import * as pollRoute from '@/app/sandbox/carrier/poll/route';
import * as queryRoute from '@/app/sandbox/carrier/poll/query.do/route';
import * as notifyRoute from '@/app/api/v1/carrier/notify/kuaidi100/route';
import { GET as returnTrackingGet } from '@/app/api/v1/aftersales/[afterSaleNo]/tracking/route';
import { demoCarrierKeys } from '@/lib/server/carrier/kuaidi100';
import { getDb } from '@/lib/server/db/client';
import { afterSales, messages, orders, sandboxParcels, waybillSubscriptions } from '@/lib/server/db/schema';
import type { AfterSaleTracking } from '@/lib/server/views/after-sale-tracking';
import { carrierServer, type CarrierRoute } from './carrier-server';
import { afterSalesSuite, ask, bought, buyer, desk, draft, expectFail, expectOk, shopper, type Buyer } from './after-sales-kit';
import { call, ctx, makeSku, req, type Shopper } from './session';

/** A real HTTP server for what crosses the network: the demo carrier and our callback. */
const ROUTES: CarrierRoute[] = [
  [/^\/sandbox\/carrier\/poll$/, (r) => pollRoute.POST(r)],
  [/^\/sandbox\/carrier\/poll\/query\.do$/, (r) => queryRoute.POST(r)],
  [/^\/api\/v1\/carrier\/notify\/kuaidi100$/, (r) => notifyRoute.POST(r)],
];

let op: Shopper;
afterSalesSuite((o) => (op = o));
const net = carrierServer(ROUTES);

let counter = 0;
const newWaybill = () => `ZT${Date.now().toString().slice(-9)}${String(++counter).padStart(3, '0')}${process.pid % 10}`;

const tracking = (u: Shopper, no: string) => call<AfterSaleTracking>(returnTrackingGet, req('GET', `/aftersales/${no}/tracking`, undefined, { token: u.token }), ctx({ afterSaleNo: no }));

/** A completed order's return, approved (待寄回). */
async function approvedReturn(u: Buyer) {
  const sku = await makeSku({ priceFen: 5_000, stock: 10 });
  const o = await bought(u, op, [{ sku, quantity: 1 }], 'completed');
  const a = await ask(u, draft(o, 'return_refund', 'quality', [[0, 1]]));
  return expectOk(desk.approve(op, a.afterSaleNo));
}

/** The demo carrier's next step, asked by the operator (the console's right to move any parcel). */
const advance = async (trackingNo: string) => {
  const r = await advanceRoute.POST(new Request(`${net.origin}/sandbox/carrier/advance`, { method: 'POST', headers: { token: op.token }, body: JSON.stringify({ trackingNo }) }));
  expect(r.status).toBe(200);
  return ((await r.json()) as { state: string }).state;
};

describe('GET /api/v1/aftersales/{no}/tracking', () => {
  it('before the waybill: no carrier, no state, no events; after: subscribed at the carrier, 待揽收 with the shop\'s 「已寄回」', async () => {
    const u = await buyer();
    const a = await approvedReturn(u);
    expect(await expectOk(tracking(u, a.afterSaleNo))).toMatchObject({ afterSaleNo: a.afterSaleNo, status: 'awaiting_return', carrier: null, trackingNo: null, state: null, stateLabel: null, events: [] });

    const trackingNo = newWaybill();
    await expectOk(shopper.returnShipment(u, a.afterSaleNo, { carrier: '中通快递', trackingNo }));
    const db = await getDb();
    const [row] = await db.select({ id: afterSales.id }).from(afterSales).where(eq(afterSales.afterSaleNo, a.afterSaleNo));
    const [w] = await db.select().from(waybillSubscriptions).where(eq(waybillSubscriptions.afterSaleId, row.id));
    // Bound for the warehouse in 合肥; subscribed after the commit (the outbox's carrier_subscribe).
    expect(w).toMatchObject({ orderId: null, carrierCode: 'zhongtong', trackingNo, destination: '安徽省合肥市' });
    expect(w.subscribedAt).not.toBeNull();
    const [parcel] = await db.select().from(sandboxParcels).where(eq(sandboxParcels.number, trackingNo));
    expect(parcel).toMatchObject({ company: 'zhongtong', salt: w.salt, step: 0 });

    const t = await expectOk(tracking(u, a.afterSaleNo));
    expect(t).toMatchObject({ status: 'returning', statusLabel: '退货中', carrier: '中通快递', trackingNo, state: 'waiting', stateLabel: '待揽收', signedAt: null });
    expect(t.events).toHaveLength(1);
    expect(t.events[0]).toMatchObject({ state: 'shipped', stateLabel: '已寄回', text: `已寄回：您已把商品交给中通快递，运单号 ${trackingNo}` });
  });

  it('the demo carrier walks the return to 已签收: each step shown, newest first, in the order\'s shape', async () => {
    const u = await buyer();
    const a = await approvedReturn(u);
    const trackingNo = newWaybill();
    await expectOk(shopper.returnShipment(u, a.afterSaleNo, { carrier: '圆通速递', trackingNo }));
    const states: string[] = [];
    for (let i = 0; i < 10 && states.at(-1) !== 'signed'; i++) states.push(await advance(trackingNo));
    expect(states[0]).toBe('collected');
    expect(states.slice(-2)).toEqual(['delivering', 'signed']);

    const t = await expectOk(tracking(u, a.afterSaleNo));
    expect(t).toMatchObject({ state: 'signed', stateLabel: '已签收' });
    expect(t.signedAt).not.toBeNull();
    expect(t.events.map((e) => e.state)).toEqual([...[...states].reverse(), 'shipped']);
    // Collected where the shopper is (the order's address), not at the warehouse; signed for by the warehouse.
    const collected = t.events.find((e) => e.state === 'collected')!;
    expect(collected).toMatchObject({ place: '安徽 合肥市', text: expect.stringContaining('快递员已上门揽收') });
    expect(collected.text).not.toContain('量盾科技仓库');
    expect(t.events[0].text).toContain('签收人：量盾科技仓库');
    expect(Object.keys(t).sort()).toEqual(['afterSaleNo', 'carrier', 'events', 'exchange', 'orderNo', 'signedAt', 'state', 'stateLabel', 'status', 'statusLabel', 'trackingNo']);
    expect(t.exchange).toBeNull(); // a return has no new goods
    for (const e of t.events) expect(Object.keys(e).sort()).toEqual(['place', 'state', 'stateLabel', 'text', 'time']);
    const times = t.events.map((e) => Date.parse(e.time));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it('a return from another province is collected in the shopper\'s city and comes back by the hubs to 合肥', async () => {
    const number = newWaybill();
    const param = JSON.stringify({
      company: 'zhongtong',
      number,
      key: demoCarrierKeys().key,
      from: '江苏省南京市玄武区',
      to: '安徽省合肥市',
      parameters: { callbackurl: `${net.origin}/api/v1/carrier/notify/kuaidi100`, salt: 'return-route-test' },
    });
    const r = await pollRoute.POST(new Request(`${net.origin}/sandbox/carrier/poll`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ schema: 'json', param }).toString() }));
    expect(((await r.json()) as { returnCode: string }).returnCode).toBe('200');
    const db = await getDb();
    expect((await db.select().from(sandboxParcels).where(eq(sandboxParcels.number, number)))[0]).toMatchObject({ route: ['南京', '合肥'], pickup: '江苏,南京市' });
    for (let i = 0; i < 4; i++) await advance(number);
    const [p] = await db.select().from(sandboxParcels).where(eq(sandboxParcels.number, number));
    expect(p.events.map((e) => [e.status, e.areaName]).reverse()).toEqual([['揽收', '江苏,南京市'], ['在途', '合肥'], ['派件', '合肥'], ['签收', '合肥']]);
    expect(p.events.at(-1)!.context).toBe('【南京市】快递员已上门揽收，揽投员：王师傅 13800000000');
    expect(p.events[0].context).toContain('签收人：量盾科技仓库');
  });

  it('an exchange\'s new goods (换新发出) are a parcel like an order\'s: subscribed, walked by the demo carrier to 已签收 with its timeline, 换货已发出 / 派送中 / 已签收 in the 消息中心 once each; only its owner and operators move it', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 5_000, stock: 10 });
    const o = await bought(u, op, [{ sku, quantity: 1 }], 'completed');
    const a = await ask(u, draft(o, 'exchange', 'quality', [[0, 1]]));
    await expectOk(desk.approve(op, a.afterSaleNo));
    await expectOk(shopper.returnShipment(u, a.afterSaleNo, { carrier: '中通快递', trackingNo: newWaybill() }));
    await expectOk(desk.receive(op, a.afterSaleNo, true));
    expect((await expectOk(tracking(u, a.afterSaleNo))).exchange).toBeNull();

    const newGoods = newWaybill();
    await expectOk(desk.reship(op, a.afterSaleNo, { carrier: '京东物流', trackingNo: newGoods }));
    const db = await getDb();
    const [row] = await db.select({ id: afterSales.id }).from(afterSales).where(eq(afterSales.afterSaleNo, a.afterSaleNo));
    const [w] = await db.select().from(waybillSubscriptions).where(eq(waybillSubscriptions.exchangeAfterSaleId, row.id));
    // From the warehouse to the order's address, subscribed after the commit.
    expect(w).toMatchObject({ orderId: null, afterSaleId: null, carrierCode: 'jd', trackingNo: newGoods });
    const [order] = await db.select({ a: orders.addressSnapshot }).from(orders).where(eq(orders.orderNo, o.orderNo));
    expect(w.destination).toBe(`${order.a!.province}${order.a!.city}`);
    expect(w.subscribedAt).not.toBeNull();
    expect((await db.select().from(sandboxParcels).where(eq(sandboxParcels.number, newGoods)))[0]).toMatchObject({ salt: w.salt, step: 0, pickup: null });

    const sent = (await expectOk(tracking(u, a.afterSaleNo))).exchange!;
    expect(sent).toMatchObject({ carrier: '京东物流', trackingNo: newGoods, state: 'waiting', stateLabel: '待揽收' });
    expect(sent.events.map((e) => e.text)).toEqual([`已发货：换新商品已交给京东物流，运单号 ${newGoods}`]);

    // Nobody else moves it: no login 401, another shopper 404 (as an unknown number).
    const other = await buyer();
    expect((await advanceRoute.POST(new Request(`${net.origin}/sandbox/carrier/advance`, { method: 'POST', body: JSON.stringify({ trackingNo: newGoods }) }))).status).toBe(401);
    expect((await advanceRoute.POST(new Request(`${net.origin}/sandbox/carrier/advance`, { method: 'POST', headers: { token: other.token }, body: JSON.stringify({ trackingNo: newGoods }) }))).status).toBe(404);

    // Its owner may (the demo's 「模拟快递员」): the walk to 已签收.
    const states: string[] = [];
    for (let i = 0; i < 10 && states.at(-1) !== 'signed'; i++) {
      const r = await advanceRoute.POST(new Request(`${net.origin}/sandbox/carrier/advance`, { method: 'POST', headers: { token: u.token }, body: JSON.stringify({ trackingNo: newGoods }) }));
      expect(r.status).toBe(200);
      states.push(((await r.json()) as { state: string }).state);
    }
    expect(states[0]).toBe('collected');
    expect(states.slice(-2)).toEqual(['delivering', 'signed']);
    const t = (await expectOk(tracking(u, a.afterSaleNo))).exchange!;
    expect(t).toMatchObject({ state: 'signed', stateLabel: '已签收' });
    expect(t.signedAt).not.toBeNull();
    expect(t.events.map((e) => e.state)).toEqual([...[...states].reverse(), 'shipped']);
    expect(t.events[0].text).toContain('签收人：本人');
    expect(t.events.at(-2)!.text).toContain('量盾科技仓库 已揽收');

    // 换货已发出, 派送中, 已签收: one message each, to the request.
    const told = await db.select().from(messages).where(eq(messages.userId, u.userId));
    const exchangeMessages = told.filter((m) => m.kind.startsWith('after_sale_exchange_'));
    expect(exchangeMessages.map((m) => m.kind).sort()).toEqual(['after_sale_exchange_delivering', 'after_sale_exchange_shipped', 'after_sale_exchange_signed']);
    for (const m of exchangeMessages) expect(m.link).toBe(`/AfterSaleDetail?afterSaleNo=${a.afterSaleNo}`);
    expect(exchangeMessages.find((m) => m.kind === 'after_sale_exchange_signed')!.title).toBe('换新商品已签收');
    expect(exchangeMessages.find((m) => m.kind === 'after_sale_exchange_delivering')!.body).toContain(`京东物流 ${newGoods}`);
    // Nobody else heard of it.
    expect((await db.select().from(messages).where(eq(messages.userId, other.userId))).filter((m) => m.kind.startsWith('after_sale_exchange_'))).toEqual([]);
  });

  it('another shopper\'s request, a malformed and an unknown number are 404; a visitor 416', async () => {
    const u = await buyer();
    const other = await buyer();
    const a = await approvedReturn(u);
    await expectOk(shopper.returnShipment(u, a.afterSaleNo, { carrier: '中通快递', trackingNo: newWaybill() }));
    expect(await expectFail(404, tracking(other, a.afterSaleNo))).toBe('售后申请不存在');
    expect(await expectFail(404, tracking(u, '0'.repeat(a.afterSaleNo.length)))).toBe('售后申请不存在');
    expect(await expectFail(404, tracking(u, '../orders'))).toBe('售后申请不存在');
    await expectFail(416, call(returnTrackingGet, req('GET', `/aftersales/${a.afterSaleNo}/tracking`), ctx({ afterSaleNo: a.afterSaleNo })));
  });
});
