/**
 * 上门取件 of a return (docs/after-sales.md#pickup): booked at the demo carrier over 快递100's 商家寄件
 * protocol (bOrder, cancel, the signed callback) through a real HTTP server; the courier and the waybill
 * come back on the callback, the collection puts the waybill on the request (退货中) and starts its
 * tracking as a typed waybill does; cancelled before collection, booked again; a slot in the past and
 * another shopper's request refused; the demo carrier refuses an unsigned or mis-signed call and the shop
 * a mis-signed callback; fifty bookings of one request at once book one courier.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as pollRoute from '@/app/sandbox/carrier/poll/route';
import * as queryRoute from '@/app/sandbox/carrier/poll/query.do/route';
import * as borderRoute from '@/app/sandbox/carrier/order/borderapi.do/route';
import * as notifyRoute from '@/app/api/v1/carrier/notify/kuaidi100/route';
import * as pickupNotifyRoute from '@/app/api/v1/carrier/notify/kuaidi100-border/route';
import { GET as pickupGet, POST as pickupPost } from '@/app/api/v1/aftersales/[afterSaleNo]/pickup/route';
import { POST as pickupCancelPost } from '@/app/api/v1/aftersales/[afterSaleNo]/pickup/cancel/route';
import { POST as pickupAdvancePost } from '@/app/api/v1/aftersales/[afterSaleNo]/pickup/advance/route';
import { GET as returnTrackingGet } from '@/app/api/v1/aftersales/[afterSaleNo]/tracking/route';
import { demoCarrierKeys } from '@/lib/server/carrier/kuaidi100';
import { borderCallbackSign, borderSign, demoBorderSecret } from '@/lib/server/carrier/kuaidi100-border';
import { getDb } from '@/lib/server/db/client';
import { afterSales, messages, returnPickups, sandboxParcels, sandboxPickups, waybillSubscriptions } from '@/lib/server/db/schema';
import type { PickupOptions } from '@/lib/server/flows/return-pickup';
import { getPickupStats } from '@/lib/server/views/pickup-stats';
import type { AfterSale } from '@/lib/server/modules/after-sales';
import type { AfterSaleTracking } from '@/lib/server/views/after-sale-tracking';
import type { AfterSaleReason, AfterSaleType } from '@/lib/domain/after-sale';
import { DAY_MS, shopDay, shopDayStart } from '@/lib/domain/shop-time';
import { carrierServer, type CarrierRoute } from './carrier-server';
import { afterSalesSuite, ask, bought, buyer, desk, draft, expectFail, expectOk, shopper, type Buyer } from './after-sales-kit';
import { eventually } from './http-harness';
import { addAddress, call, ctx, makeSku, req, type Shopper } from './session';

/** A real HTTP server for what crosses the network: the demo carrier and our two callbacks. */
const ROUTES: CarrierRoute[] = [
  [/^\/sandbox\/carrier\/poll$/, (r) => pollRoute.POST(r)],
  [/^\/sandbox\/carrier\/poll\/query\.do$/, (r) => queryRoute.POST(r)],
  [/^\/sandbox\/carrier\/order\/borderapi\.do$/, (r) => borderRoute.POST(r)],
  [/^\/api\/v1\/carrier\/notify\/kuaidi100$/, (r) => notifyRoute.POST(r)],
  [/^\/api\/v1\/carrier\/notify\/kuaidi100-border$/, (r) => pickupNotifyRoute.POST(r)],
];

let op: Shopper;
afterSalesSuite((o) => (op = o));
const net = carrierServer(ROUTES);

afterEach(() => {
  vi.useRealTimers();
});

const t = (u: Shopper) => ({ token: u.token });
const at = (no: string) => ctx({ afterSaleNo: no });
const api = {
  options: (u: Shopper, no: string) => call<PickupOptions>(pickupGet, req('GET', `/aftersales/${no}/pickup`, undefined, t(u)), at(no)),
  book: (u: Shopper, no: string, b: unknown) => call<AfterSale>(pickupPost, req('POST', `/aftersales/${no}/pickup`, b, t(u)), at(no)),
  cancel: (u: Shopper, no: string) => call<AfterSale>(pickupCancelPost, req('POST', `/aftersales/${no}/pickup/cancel`, {}, t(u)), at(no)),
  advance: (u: Shopper, no: string) => call<AfterSale>(pickupAdvancePost, req('POST', `/aftersales/${no}/pickup/advance`, {}, t(u)), at(no)),
  tracking: (u: Shopper, no: string) => call<AfterSaleTracking>(returnTrackingGet, req('GET', `/aftersales/${no}/tracking`, undefined, t(u)), at(no)),
};

/** A completed order's return (or exchange), approved: 待寄回. */
async function approved(u: Buyer, type: AfterSaleType = 'return_refund', reason: AfterSaleReason = 'seven_days') {
  const sku = await makeSku({ priceFen: 159_900, stock: 10 });
  const o = await bought(u, op, [{ sku, quantity: 1 }], 'completed');
  const a = await ask(u, draft(o, type, reason, [[0, 1]]));
  return expectOk(desk.approve(op, a.afterSaleNo));
}

/** Tomorrow's first slot: always open (its start is hours away). */
async function tomorrowSlot(u: Shopper, no: string) {
  const o = await expectOk(api.options(u, no));
  const s = o.slots.find((x) => x.day === 'tomorrow')!;
  return { date: s.date, start: s.start, label: s.label };
}

async function pickupRows(no: string) {
  const db = await getDb();
  const [a] = await db.select({ id: afterSales.id }).from(afterSales).where(eq(afterSales.afterSaleNo, no));
  return db.select().from(returnPickups).where(eq(returnPickups.afterSaleId, a.id)).orderBy(returnPickups.id);
}

/** The demo carrier's 商家寄件 endpoint, called as 快递100's client would, with a sign chosen by the test. */
async function border(method: string, param: string, sign?: (param: string, t: string) => string) {
  const time = String(Date.now());
  const fields: Record<string, string> = { method, key: demoCarrierKeys().key, t: time, param };
  if (sign) fields.sign = sign(param, time);
  const r = await borderRoute.POST(new Request(`${net.origin}/sandbox/carrier/order/borderapi.do`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() }));
  return (await r.json()) as { result: boolean; returnCode: string; message: string; data?: { taskId?: string } };
}

const goodSign = (param: string, time: string) => borderSign(param, time, demoCarrierKeys().key, demoBorderSecret());

const callback = (fields: Record<string, string>) =>
  pickupNotifyRoute.POST(new Request(`${net.origin}/api/v1/carrier/notify/kuaidi100-border`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() }));

describe('上门取件: book, the courier, the collection', () => {
  it('offers today\'s and tomorrow\'s two-hour slots and the order\'s address; a booking shows on the request, the courier and waybill come on the callback, the collection puts the waybill on the return and tracking starts', async () => {
    const u = await buyer();
    const a = await approved(u);
    expect(a.actions).toMatchObject({ pickup: true, returnShipment: true });
    expect(a.pickup).toBeNull();
    const o = await expectOk(api.options(u, a.afterSaleNo));
    expect(o).toMatchObject({ offered: true, carrier: '顺丰速运', orderAddress: { name: '张三', province: '安徽省', city: '合肥市', county: '蜀山区' } });
    expect(o.slots.map((s) => `${s.dayLabel} ${s.start}–${s.end}`)).toEqual(
      ['今天', '明天'].flatMap((d) => ['09:00–11:00', '11:00–13:00', '13:00–15:00', '15:00–17:00', '17:00–19:00'].map((x) => `${d} ${x}`)),
    );

    const slot = await tomorrowSlot(u, a.afterSaleNo);
    const booked = await expectOk(api.book(u, a.afterSaleNo, { date: slot.date, start: slot.start }));
    expect(booked.status).toBe('awaiting_return');
    expect(booked.pickup).toMatchObject({ state: 'booked', stateLabel: '待分配快递员', carrier: '顺丰速运', courierName: null, trackingNo: null, cancellable: true, address: { name: '张三', tel: '13800138000' } });
    expect(booked.pickup!.slotLabel).toMatch(/^\d{1,2}月\d{1,2}日 09:00–11:00$/);
    // 填写运单号 waits while a courier is booked, and a second booking is refused.
    expect(booked.actions).toMatchObject({ pickup: false, returnShipment: false });
    expect(await expectFail(409, shopper.returnShipment(u, a.afterSaleNo, { carrier: '中通快递', trackingNo: 'ZT1234567890' }))).toBe('您已预约上门取件，如需自行寄回，请先取消预约');
    expect(await expectFail(409, api.book(u, a.afterSaleNo, { date: slot.date, start: slot.start }))).toBe('已预约上门取件，请勿重复预约');
    const [row] = await pickupRows(a.afterSaleNo);
    expect(row.taskId).toMatch(/^[0-9A-F]{32}$/);
    const db = await getDb();
    const [atCarrier] = await db.select().from(sandboxPickups).where(eq(sandboxPickups.taskId, row.taskId!));
    // The sender is the shopper at the order's address, in the slot asked for.
    expect(atCarrier).toMatchObject({ kuaidicom: 'shunfeng', status: '0', dayType: '明天', pickupStart: '09:00', pickupEnd: '11:00', salt: row.salt });
    expect(atCarrier.sendAddr).toBe('安徽省合肥市蜀山区科学大道 909 号 A 座 1201');

    // The courier takes it (「模拟快递员」): name, phone, waybill on the request's pickup, and in the 消息中心.
    const assigned = (await expectOk(api.advance(u, a.afterSaleNo))).pickup!;
    expect(assigned).toMatchObject({ state: 'assigned', stateLabel: '快递员已接单', cancellable: true });
    expect(assigned.courierName).toMatch(/^[\u4e00-\u9fa5]{3}$/);
    expect(assigned.courierPhone).toMatch(/^1[35789]\d{9}$/);
    expect(assigned.trackingNo).toMatch(/^SF\d{13}$/);
    const trackingNo = assigned.trackingNo!;
    const told = await eventually(async () => (await db.select().from(messages).where(and(eq(messages.userId, u.userId), eq(messages.kind, 'after_sale_pickup_assigned'))))[0]);
    expect(told).toMatchObject({ title: '快递员已接单', link: `/AfterSaleDetail?afterSaleNo=${a.afterSaleNo}` });
    expect(told.body).toContain(`${assigned.courierName}（${assigned.courierPhone}）`);

    // Collected: the waybill is the return's, 退货中, subscribed at the carrier from where it was collected.
    const collected = await expectOk(api.advance(u, a.afterSaleNo));
    expect(collected).toMatchObject({ status: 'returning', statusLabel: '退货中', returnShipment: { carrier: '顺丰速运', trackingNo } });
    expect(collected.pickup).toMatchObject({ state: 'collected', stateLabel: '快递员已取件', cancellable: false, freightFen: 1200 });
    // 七天无理由: the shopper's own shipping, nothing stated for 运费补偿.
    expect(collected.returnShipping).toBeNull();
    expect(collected.timeline[0].note).toBe(`快递员已上门取件：顺丰速运，运单号 ${trackingNo}`);
    const [w] = await db.select().from(waybillSubscriptions).where(eq(waybillSubscriptions.trackingNo, trackingNo));
    expect(w).toMatchObject({ carrierCode: 'shunfeng', destination: '安徽省合肥市' });
    expect(w.subscribedAt).not.toBeNull();
    const [parcel] = await db.select().from(sandboxParcels).where(eq(sandboxParcels.number, trackingNo));
    expect(parcel).toMatchObject({ company: 'shunfeng', pickup: '安徽,合肥市', step: 0 });
    const before = await expectOk(api.tracking(u, a.afterSaleNo));
    expect(before).toMatchObject({ carrier: '顺丰速运', trackingNo, state: 'waiting', stateLabel: '待揽收' });
    // The same button then moves the parcel: its first step is on the return's tracking.
    await expectOk(api.advance(u, a.afterSaleNo));
    const after = await expectOk(api.tracking(u, a.afterSaleNo));
    expect(after).toMatchObject({ state: 'collected', stateLabel: '已揽收' });
    expect(after.events[0].text).toContain('快递员已上门揽收');
    // By the courier who was booked, named as the booking named them.
    expect(after.events[0].text).toContain(`揽投员：${assigned.courierName} ${assigned.courierPhone}`);
    expect(await expectFail(409, api.cancel(u, a.afterSaleNo))).toBe('没有可以取消的上门取件预约');
    const collectedNote = await eventually(async () => (await db.select().from(messages).where(and(eq(messages.userId, u.userId), eq(messages.kind, 'after_sale_pickup_collected'))))[0]);
    expect(collectedNote).toMatchObject({ title: '快递员已取件' });
    expect(collectedNote.body).toContain(`顺丰速运 ${trackingNo}`);
  });

  it('a shop-fault exchange: the carrier\'s freight is the 运费补偿 stated, at another of the shopper\'s addresses', async () => {
    const u = await buyer();
    const a = await approved(u, 'exchange', 'quality');
    const other = await addAddress(u.token, { name: '李四', tel: '13900139000', province: '江苏省', city: '南京市', county: '玄武区', areaCode: '320102', addressDetail: '中山路 1 号' });
    const slot = await tomorrowSlot(u, a.afterSaleNo);
    const booked = await expectOk(api.book(u, a.afterSaleNo, { ...slot, addressId: other.id }));
    expect(booked.pickup!.address).toMatchObject({ name: '李四', province: '江苏省', city: '南京市' });
    await expectOk(api.advance(u, a.afterSaleNo));
    const done = await expectOk(api.advance(u, a.afterSaleNo));
    expect(done).toMatchObject({ status: 'returning', returnShipping: { statedFen: 1200, approvedFen: null } });
    const db = await getDb();
    // The parcel sets off from where the courier came: 南京, back by the hubs to 合肥.
    const [parcel] = await db.select().from(sandboxParcels).where(eq(sandboxParcels.number, done.returnShipment!.trackingNo));
    expect(parcel).toMatchObject({ pickup: '江苏,南京市', route: ['南京', '合肥'] });
  });

  it('an address typed for the pickup is checked as the address form is', async () => {
    const u = await buyer();
    const a = await approved(u);
    const slot = await tomorrowSlot(u, a.afterSaleNo);
    const bad = { name: '王五', tel: '12345', province: '安徽省', city: '合肥市', county: '包河区', areaCode: '340111', addressDetail: '徽州大道 2 号' };
    expect(await expectFail(400, api.book(u, a.afterSaleNo, { ...slot, address: bad }))).toContain('请填写正确的电话');
    const booked = await expectOk(api.book(u, a.afterSaleNo, { ...slot, address: { ...bad, tel: '13700137000' } }));
    expect(booked.pickup!.address).toMatchObject({ name: '王五', tel: '13700137000', county: '包河区', addressDetail: '徽州大道 2 号' });
    const stranger = await buyer();
    const theirs = await addAddress(stranger.token);
    const b = await approved(u);
    expect(await expectFail(404, api.book(u, b.afterSaleNo, { ...slot, addressId: theirs.id }))).toBe('收货地址不存在');
  });
});

describe('上门取件: cancel and book again', () => {
  it('cancelled in one step before the courier comes (also once assigned), then booked again; the demo carrier refuses a cancel once collected', async () => {
    const u = await buyer();
    const a = await approved(u);
    const slot = await tomorrowSlot(u, a.afterSaleNo);
    await expectOk(api.book(u, a.afterSaleNo, slot));
    const cancelled = await expectOk(api.cancel(u, a.afterSaleNo));
    expect(cancelled.pickup).toMatchObject({ state: 'cancelled', stateLabel: '已取消', cancellable: false });
    expect(cancelled.actions).toMatchObject({ pickup: true, returnShipment: true });
    expect(cancelled.timeline[0].note).toBe('您已取消上门取件预约');
    const db = await getDb();
    const [first] = await pickupRows(a.afterSaleNo);
    expect((await db.select().from(sandboxPickups).where(eq(sandboxPickups.taskId, first.taskId!)))[0].status).toBe('99');

    // Booked again, and cancelled once the courier has it but before collection.
    const again = await expectOk(api.book(u, a.afterSaleNo, slot));
    expect(again.pickup).toMatchObject({ state: 'booked' });
    await expectOk(api.advance(u, a.afterSaleNo));
    expect((await expectOk(api.cancel(u, a.afterSaleNo))).pickup).toMatchObject({ state: 'cancelled' });

    // A third, collected: the carrier will not cancel it any more.
    await expectOk(api.book(u, a.afterSaleNo, slot));
    await expectOk(api.advance(u, a.afterSaleNo));
    await expectOk(api.advance(u, a.afterSaleNo));
    const rows = await pickupRows(a.afterSaleNo);
    expect(rows.map((r) => r.state)).toEqual(['cancelled', 'cancelled', 'collected']);
    const third = rows[2];
    const refused = await border('cancel', JSON.stringify({ taskId: third.taskId, orderId: third.carrierOrderId, cancelMsg: '测试' }), goodSign);
    expect(refused).toMatchObject({ result: false, message: '快递员已取件，订单不能取消' });
    expect(await expectFail(409, api.book(u, a.afterSaleNo, slot))).toBe('售后申请当前状态不能预约上门取件（需商家同意退货且尚未寄回）');
  });
});

describe('上门取件 and the clock', () => {
  it('a request due to be withdrawn within the hour is kept until a day after the courier\'s slot', async () => {
    const u = await buyer();
    const a = await approved(u);
    const db = await getDb();
    await db.update(afterSales).set({ dueAt: new Date(Date.now() + 3_600_000) }).where(eq(afterSales.afterSaleNo, a.afterSaleNo));
    await expectOk(api.book(u, a.afterSaleNo, await tomorrowSlot(u, a.afterSaleNo)));
    const [p] = await pickupRows(a.afterSaleNo);
    const [request] = await db.select({ dueAt: afterSales.dueAt }).from(afterSales).where(eq(afterSales.afterSaleNo, a.afterSaleNo));
    expect(request.dueAt!.getTime()).toBe(p.slotEnd.getTime() + DAY_MS);
  });
});

describe('上门取件 in 数据', () => {
  it('counts the pickups booked today and what became of them', async () => {
    const today = shopDay();
    const before = await getPickupStats({ from: today, to: today });
    const u = await buyer();
    const a = await approved(u);
    const slot = await tomorrowSlot(u, a.afterSaleNo);
    await expectOk(api.book(u, a.afterSaleNo, slot));
    await expectOk(api.cancel(u, a.afterSaleNo));
    await expectOk(api.book(u, a.afterSaleNo, slot));
    await expectOk(api.advance(u, a.afterSaleNo));
    await expectOk(api.advance(u, a.afterSaleNo));
    const after = await getPickupStats({ from: today, to: today });
    expect(after.booked - before.booked).toBe(2);
    expect(after.cancelled - before.cancelled).toBe(1);
    expect(after.collected - before.collected).toBe(1);
    expect(after.failed - before.failed).toBe(0);
  });
});

describe('上门取件: refused', () => {
  it('a slot in the past, a slot too near, another day and a time that is no slot are 400 with the reason; nothing is booked', async () => {
    const u = await buyer();
    const a = await approved(u);
    // 14:20 in Beijing today: 09:00, 11:00 and 13:00 have begun; 15:00 is 40 minutes away.
    const today = shopDay();
    const day = (d: number) => shopDay(new Date(shopDayStart(today).getTime() + d * DAY_MS));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${today}T14:20:00+08:00`));
    const o = await expectOk(api.options(u, a.afterSaleNo));
    expect(o.slots.filter((s) => s.day === 'today').map((s) => [s.start, s.open])).toEqual([['09:00', false], ['11:00', false], ['13:00', false], ['15:00', true], ['17:00', true]]);
    expect(await expectFail(400, api.book(u, a.afterSaleNo, { date: today, start: '09:00' }))).toBe('该时段已过或即将开始（需提前 30 分钟预约），请选择其他时段');
    expect(await expectFail(400, api.book(u, a.afterSaleNo, { date: day(-1), start: '15:00' }))).toBe('只能预约今天或明天的上门时间');
    expect(await expectFail(400, api.book(u, a.afterSaleNo, { date: day(2), start: '15:00' }))).toBe('只能预约今天或明天的上门时间');
    expect(await expectFail(400, api.book(u, a.afterSaleNo, { date: today, start: '16:00' }))).toBe('请选择列表中的上门时段');
    vi.setSystemTime(new Date(`${today}T14:31:00+08:00`)); // 15:00 is 29 minutes away
    expect(await expectFail(400, api.book(u, a.afterSaleNo, { date: today, start: '15:00' }))).toContain('该时段已过或即将开始');
    vi.useRealTimers();
    expect(await expectFail(400, api.book(u, a.afterSaleNo, { start: '09:00' }))).toBe('请选择上门日期');
    expect(await pickupRows(a.afterSaleNo)).toEqual([]);
  });

  it('another shopper\'s request is 404 on every pickup route, before anything else; a visitor 416', async () => {
    const u = await buyer();
    const other = await buyer();
    const a = await approved(u);
    const slot = await tomorrowSlot(u, a.afterSaleNo);
    expect(await expectFail(404, api.options(other, a.afterSaleNo))).toBe('售后申请不存在');
    expect(await expectFail(404, api.book(other, a.afterSaleNo, slot))).toBe('售后申请不存在');
    expect(await expectFail(404, api.book(other, a.afterSaleNo, { date: '2000-01-01', start: '09:00' }))).toBe('售后申请不存在');
    await expectOk(api.book(u, a.afterSaleNo, slot));
    expect(await expectFail(404, api.cancel(other, a.afterSaleNo))).toBe('售后申请不存在');
    expect(await expectFail(404, api.advance(other, a.afterSaleNo))).toBe('售后申请不存在');
    expect(await expectFail(404, api.options(u, '0'.repeat(a.afterSaleNo.length)))).toBe('售后申请不存在');
    await expectFail(416, call(pickupPost, req('POST', `/aftersales/${a.afterSaleNo}/pickup`, slot), at(a.afterSaleNo)));
    // Still the owner's, untouched.
    expect((await pickupRows(a.afterSaleNo)).map((r) => r.state)).toEqual(['booked']);
  });

  it('not before approval, not for 仅退款', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 5_000, stock: 10 });
    const o = await bought(u, op, [{ sku, quantity: 1 }], 'completed');
    const pending = await ask(u, draft(o, 'return_refund', 'seven_days', [[0, 1]]));
    expect(pending.actions.pickup).toBe(false);
    const slot = await tomorrowSlot(u, pending.afterSaleNo);
    expect(await expectFail(409, api.book(u, pending.afterSaleNo, slot))).toBe('售后申请当前状态不能预约上门取件（需商家同意退货且尚未寄回）');
  });
});

describe('上门取件: signatures', () => {
  it('the demo carrier refuses a booking or a cancel unsigned or mis-signed (601), and takes a well-signed one', async () => {
    const param = JSON.stringify({
      kuaidicom: 'shunfeng',
      recManName: '量盾商城售后部',
      recManMobile: '0551-65309090',
      recManPrintAddr: '安徽省合肥市高新区',
      sendManName: '张三',
      sendManMobile: '13800138000',
      sendManPrintAddr: '安徽省合肥市蜀山区科学大道 909 号',
      callBackUrl: `${net.origin}/api/v1/carrier/notify/kuaidi100-border`,
      salt: 'sign-test',
      dayType: '明天',
      pickupStartTime: '09:00',
      pickupEndTime: '11:00',
    });
    const db = await getDb();
    const count = async () => (await db.select({ id: sandboxPickups.id }).from(sandboxPickups)).length;
    const n = await count();
    expect(await border('bOrder', param)).toMatchObject({ result: false, returnCode: '601' });
    expect(await border('bOrder', param, () => 'F'.repeat(32))).toMatchObject({ result: false, returnCode: '601' });
    // Signed with another secret, or over another param: refused too.
    expect(await border('bOrder', param, (p, time) => borderSign(p, time, demoCarrierKeys().key, 'not-the-secret'))).toMatchObject({ returnCode: '601' });
    expect(await border('bOrder', param, (p, time) => goodSign(`${p} `, time))).toMatchObject({ returnCode: '601' });
    expect(await count()).toBe(n);
    const ok = await border('bOrder', param, goodSign);
    expect(ok).toMatchObject({ result: true, returnCode: '200' });
    const cancel = JSON.stringify({ taskId: ok.data!.taskId, orderId: (await db.select().from(sandboxPickups).where(eq(sandboxPickups.taskId, ok.data!.taskId!)))[0].orderId, cancelMsg: '测试' });
    expect(await border('cancel', cancel)).toMatchObject({ returnCode: '601' });
    expect(await border('cancel', cancel, () => 'A'.repeat(32))).toMatchObject({ returnCode: '601' });
    expect((await db.select().from(sandboxPickups).where(eq(sandboxPickups.taskId, ok.data!.taskId!)))[0].status).toBe('0');
    expect(await border('cancel', cancel, goodSign)).toMatchObject({ result: true, returnCode: '200' });
  });

  it('the shop refuses a callback unsigned, mis-signed or for a task it never booked, and changes nothing; the right sign is taken once', async () => {
    const u = await buyer();
    const a = await approved(u);
    await expectOk(api.book(u, a.afterSaleNo, await tomorrowSlot(u, a.afterSaleNo)));
    const [p] = await pickupRows(a.afterSaleNo);
    const param = JSON.stringify({ kuaidicom: 'shunfeng', kuaidinum: 'SF1234567890123', status: '200', message: '成功', data: { orderId: p.carrierOrderId, status: '10', freight: '12.00' } });
    expect((await callback({ taskId: p.taskId!, param })).status).toBe(400);
    expect((await callback({ taskId: p.taskId!, param, sign: borderCallbackSign(param, 'another-salt') })).status).toBe(401);
    expect((await callback({ taskId: p.taskId!, param, sign: borderCallbackSign(`${param} `, p.salt) })).status).toBe(401);
    expect((await callback({ taskId: 'F'.repeat(32), param, sign: borderCallbackSign(param, p.salt) })).status).toBe(404);
    const [still] = await pickupRows(a.afterSaleNo);
    expect(still).toMatchObject({ state: 'booked', trackingNo: null });
    expect((await expectOk(shopper.get(u, a.afterSaleNo))).status).toBe('awaiting_return');

    // Signed with the booking's salt: collected, once, however often it comes.
    const signed = { taskId: p.taskId!, param, sign: borderCallbackSign(param, p.salt) };
    const answers = await Promise.all(Array.from({ length: 10 }, () => callback(signed)));
    for (const r of answers) expect(r.status).toBe(200);
    expect((await pickupRows(a.afterSaleNo)).map((r) => [r.state, r.trackingNo])).toEqual([['collected', 'SF1234567890123']]);
    const view = await expectOk(shopper.get(u, a.afterSaleNo));
    expect(view).toMatchObject({ status: 'returning', returnShipment: { carrier: '顺丰速运', trackingNo: 'SF1234567890123' } });
    expect(view.timeline.filter((e) => e.status === 'returning')).toHaveLength(1);
  });
});

describe('上门取件: races', () => {
  it('fifty bookings of one request at once book one courier: one 200, the others 409', async () => {
    const u = await buyer();
    const a = await approved(u);
    const slot = await tomorrowSlot(u, a.afterSaleNo);
    const results = await Promise.all(Array.from({ length: 50 }, () => api.book(u, a.afterSaleNo, slot)));
    const codes = results.map((r) => r.body.resultCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const rows = await pickupRows(a.afterSaleNo);
    expect(rows).toHaveLength(1);
    const db = await getDb();
    expect(await db.select().from(sandboxPickups).where(eq(sandboxPickups.taskId, rows[0].taskId!))).toHaveLength(1);
  });
});
