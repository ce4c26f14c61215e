/**
 * 上门取件 of a return (docs/after-sales.md#pickup): the shop books a courier at the carrier (快递100's 商家寄件)
 * to collect an approved return at the shopper's address in a slot of today or tomorrow. At most one live
 * pickup per request (the partial unique index return_pickups_live_uq decides a race); cancelled before
 * the courier collects, in one step; booked again after. The carrier's callbacks, checked against the
 * booking's salt, bring the courier and the waybill, then the collection — which enters the waybill on
 * the request by the same path as 填写退货物流 (退货中, the parcel followed at the carrier), with the freight
 * as the 运费补偿 stated when the fault is the shop's.
 */
import 'server-only';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { AFTER_SALE_REASONS, isShopFault } from '../../../domain/after-sale';
import { PICKUP_CARRIER, RETURN_ADDRESS, RETURN_SHIPPING_CAP_FEN } from '../../../domain/after-sale-rules';
import { formatFen } from '../../../domain/money';
import { LIVE_PICKUP_STATES, PICKUP_STATE_LABEL, type PickupSlot, type PickupState } from '../../../domain/pickup';
import { DAY_MS, shopDateTime } from '../../../domain/shop-time';
import { CARRIER_CODES } from '../../../domain/tracking';
import { newSalt } from '../../carrier/kuaidi100';
import { BORDER_STATUS, bookPickupAtCarrier, callbackSignedBy, cancelPickupAtCarrier, PickupRefused, type BorderCallback } from '../../carrier/kuaidi100-border';
import type { CarrierReply } from '../../carrier/kuaidi100';
import { getDb, withTx, type DbOrTx } from '../../db/client';
import { afterSales, returnPickups, type AddressSnapshot } from '../../db/schema';
import { AppError, conflict } from '../../errors';
import { iso } from '../../iso';
import { log } from '../../log';
import { RESULT } from '../../../api/protocol';
import { notify } from '../messages';
import { noteAfterSale } from './states';
import { hasLivePickup, sendBack } from './send-back';
import { ownAfterSale } from './shopper';

type AfterSaleRow = typeof afterSales.$inferSelect;
type PickupRow = typeof returnPickups.$inferSelect;

/** A pickup as the request's page (the shopper's and the console's) shows it. */
export type PickupView = {
  state: PickupState;
  stateLabel: string;
  /** The slot, e.g. 「11月28日 09:00–11:00」, and its instants. */
  slotLabel: string;
  slotStart: string;
  slotEnd: string;
  address: AddressSnapshot;
  carrier: string;
  courierName: string | null;
  courierPhone: string | null;
  trackingNo: string | null;
  /** What the carrier charged, once collected (fen). */
  freightFen: number | null;
  /** Why it failed, or that it was cancelled. */
  note: string | null;
  createdAt: string;
  /** 取消预约 is offered: live, and the carrier has the booking. */
  cancellable: boolean;
};

const isLive = (s: PickupState) => (LIVE_PICKUP_STATES as readonly PickupState[]).includes(s);

/** "2026-11-28 09:00:00" → 「11月28日 09:00–11:00」 */
function slotLabel(start: Date, end: Date): string {
  const s = shopDateTime(start);
  return `${Number(s.slice(5, 7))}月${Number(s.slice(8, 10))}日 ${s.slice(11, 16)}–${shopDateTime(end).slice(11, 16)}`;
}

function viewOf(p: PickupRow): PickupView {
  return {
    state: p.state,
    stateLabel: PICKUP_STATE_LABEL[p.state],
    slotLabel: slotLabel(p.slotStart, p.slotEnd),
    slotStart: iso(p.slotStart),
    slotEnd: iso(p.slotEnd),
    address: p.address,
    carrier: p.carrier,
    courierName: p.courierName,
    courierPhone: p.courierPhone,
    trackingNo: p.trackingNo,
    freightFen: p.freightFen,
    note: p.note,
    createdAt: iso(p.createdAt),
    cancellable: isLive(p.state) && p.taskId !== null,
  };
}

/** The request's newest pickup (any state), for its page; null when none was booked. */
export async function pickupOfAfterSale(db: DbOrTx, afterSaleId: number): Promise<PickupView | null> {
  const [p] = await db.select().from(returnPickups).where(eq(returnPickups.afterSaleId, afterSaleId)).orderBy(desc(returnPickups.id)).limit(1);
  return p ? viewOf(p) : null;
}

/** Where the parcel of a collected pickup set off (the carrier's `from` of the return waybill); null without one. */
export async function pickupAddressOf(db: DbOrTx, afterSaleId: number): Promise<AddressSnapshot | null> {
  const [p] = await db.select({ address: returnPickups.address }).from(returnPickups).where(and(eq(returnPickups.afterSaleId, afterSaleId), eq(returnPickups.state, 'collected')));
  return p?.address ?? null;
}

/** A request may be collected: a return or an exchange, approved (待寄回), so no waybill yet. */
const mayPickUp = (a: Pick<AfterSaleRow, 'type' | 'status'>) => a.type !== 'refund_only' && a.status === 'awaiting_return';

/** Whether 预约上门取件 is offered on the request now (approved, not sent, no live pickup). */
export async function canBookPickup(db: DbOrTx, a: AfterSaleRow): Promise<boolean> {
  return mayPickUp(a) && !(await hasLivePickup(db, a.id));
}

const printAddr = (a: AddressSnapshot) => `${a.province}${a.city === a.province || a.city === '市辖区' ? '' : a.city}${a.county}${a.addressDetail}`.replace(/\s+/g, ' ').slice(0, 200);

/**
 * 预约上门取件: the shopper's own request (another's is 404), approved and not sent; the slot checked by the
 * caller. The row is written first, with the request locked (twenty bookings at once: one row, the others
 * 409); then the carrier is asked, after the commit. A refusal or a failure marks the row failed and is
 * told to the caller (409 with the carrier's words, 503 when it did not answer), so it may book again.
 */
export async function bookPickup(userId: number, afterSaleNo: string, slot: PickupSlot, address: AddressSnapshot): Promise<void> {
  const db = await getDb();
  const a = await ownAfterSale(db, userId, afterSaleNo);
  const row = await withTx(async (tx) => {
    const [locked] = await tx.select().from(afterSales).where(eq(afterSales.id, a.id)).for('update');
    if (!mayPickUp(locked)) throw conflict(locked.type === 'refund_only' ? '仅退款无需寄回商品' : '售后申请当前状态不能预约上门取件（需商家同意退货且尚未寄回）');
    const [p] = await tx
      .insert(returnPickups)
      .values({
        afterSaleId: a.id,
        address,
        slotStart: new Date(slot.startsAt),
        slotEnd: new Date(slot.endsAt),
        carrier: PICKUP_CARRIER,
        carrierCode: CARRIER_CODES[PICKUP_CARRIER],
        salt: newSalt(),
      })
      .onConflictDoNothing()
      .returning();
    if (!p) throw conflict('已预约上门取件，请勿重复预约');
    // 待寄回 is withdrawn by the clock after AFTER_SALE_RETURN_DAYS: never before the courier's slot is over (and a day to collect).
    await tx
      .update(afterSales)
      .set({ dueAt: sql`greatest(${afterSales.dueAt}, ${new Date(new Date(slot.endsAt).getTime() + DAY_MS).toISOString()}::timestamptz)` })
      .where(eq(afterSales.id, a.id));
    await noteAfterSale(tx, a.id, 'shopper', `您已预约上门取件：${slot.label}，${PICKUP_CARRIER}`);
    return p;
  });
  try {
    const ids = await bookPickupAtCarrier({
      company: row.carrierCode,
      sender: { name: address.name, mobile: address.tel, printAddr: printAddr(address) },
      recipient: { name: RETURN_ADDRESS.name, mobile: RETURN_ADDRESS.tel, printAddr: RETURN_ADDRESS.address },
      cargo: '退货商品',
      salt: row.salt,
      dayType: slot.dayLabel as '今天' | '明天',
      start: slot.start,
      end: slot.end,
      remark: `售后单号 ${afterSaleNo}`,
    });
    await db.update(returnPickups).set({ taskId: ids.taskId, carrierOrderId: ids.orderId, updatedAt: new Date() }).where(eq(returnPickups.id, row.id));
    log.info({ afterSaleNo, taskId: ids.taskId }, 'pickup booked');
  } catch (err) {
    const refused = err instanceof PickupRefused;
    const note = refused ? err.message.slice(0, 100) : '快递公司暂时无法预约';
    await withTx(async (tx) => {
      const [failed] = await tx.update(returnPickups).set({ state: 'failed', note, updatedAt: new Date() }).where(and(eq(returnPickups.id, row.id), eq(returnPickups.state, 'booked'))).returning();
      if (failed) await noteAfterSale(tx, a.id, 'shopper', `上门取件预约失败：${note}`);
    });
    log.warn({ afterSaleNo, err: String(err) }, 'pickup booking failed');
    if (refused) throw conflict(`预约失败：${note}，请重新预约或自行寄回`);
    throw new AppError(RESULT.UNAVAILABLE, '快递公司暂时无法预约，请稍后重试或自行寄回');
  }
}

/**
 * 取消预约 (one step, before the courier collects): the carrier is asked first — it alone knows whether
 * the courier has the parcel — and a yes cancels the row (a guarded update: a collection that came in
 * between wins, and the cancel is 409).
 */
export async function cancelPickup(userId: number, afterSaleNo: string): Promise<void> {
  const db = await getDb();
  const a = await ownAfterSale(db, userId, afterSaleNo);
  const [p] = await db.select().from(returnPickups).where(and(eq(returnPickups.afterSaleId, a.id), inArray(returnPickups.state, LIVE_PICKUP_STATES)));
  if (!p) throw conflict('没有可以取消的上门取件预约');
  if (!p.taskId || !p.carrierOrderId) throw conflict('预约正在提交给快递公司，请稍后再试');
  try {
    await cancelPickupAtCarrier({ taskId: p.taskId, orderId: p.carrierOrderId, reason: '用户取消预约' });
  } catch (err) {
    if (err instanceof PickupRefused) throw conflict(`不能取消：${err.message}`);
    log.warn({ afterSaleNo, err: String(err) }, 'pickup cancel not answered');
    throw new AppError(RESULT.UNAVAILABLE, '快递公司暂时无法取消，请稍后重试');
  }
  const done = await withTx(async (tx) => {
    const [c] = await tx
      .update(returnPickups)
      .set({ state: 'cancelled', note: '您已取消预约', cancelledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(returnPickups.id, p.id), inArray(returnPickups.state, LIVE_PICKUP_STATES)))
      .returning();
    if (c) await noteAfterSale(tx, a.id, 'shopper', '您已取消上门取件预约');
    return c;
  });
  if (!done) throw conflict('快递员已取件，不能取消预约');
}

/** The demo's 「模拟快递员」 of a request's pickup: its carrier task (the shopper's own request; null with none live). */
export async function livePickupTask(userId: number, afterSaleNo: string): Promise<{ taskId: string | null; returnTrackingNo: string | null }> {
  const db = await getDb();
  const a = await ownAfterSale(db, userId, afterSaleNo);
  const [p] = await db.select({ taskId: returnPickups.taskId }).from(returnPickups).where(and(eq(returnPickups.afterSaleId, a.id), inArray(returnPickups.state, LIVE_PICKUP_STATES)));
  return { taskId: p?.taskId ?? null, returnTrackingNo: a.returnTrackingNo };
}

// ------------------------------------------------------------------ the carrier's callback

/** What the callback answers 快递100: the body, and our HTTP status. */
type CallbackAnswer = { status: number; reply: CarrierReply };
const refused = (status: number, message: string): CallbackAnswer => ({ status, reply: { result: false, returnCode: '500', message } });
const accepted: CallbackAnswer = { status: 200, reply: { result: true, returnCode: '200', message: '成功' } };

/** "12.5" yuan → 1250 fen, exactly; null when it is not an amount. */
function fenOf(yuan: unknown): number | null {
  const m = typeof yuan === 'string' || typeof yuan === 'number' ? /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(String(yuan).trim()) : null;
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);

/**
 * A callback of 快递100's 商家寄件 (form fields taskId, sign, param): the booking it names must be ours and
 * the sign MD5(param + that booking's salt); only then does anything change. 已接单 gives the courier and
 * the waybill; 已取件 the collection (the waybill on the request, the parcel followed, the freight); a
 * cancel or a failure ends the booking. Each change is a guarded update from the states it leaves, so a
 * repeated callback, or twenty at once, changes nothing twice; the shopper hears of each once.
 */
export async function receivePickupCallback(raw: string): Promise<CallbackAnswer> {
  const form = new URLSearchParams(raw);
  const taskId = form.get('taskId');
  const param = form.get('param');
  const sign = form.get('sign');
  if (!taskId || !param || !sign) return refused(400, '缺少 taskId、param 或 sign');
  const db = await getDb();
  const [p] = await db.select().from(returnPickups).where(eq(returnPickups.taskId, taskId.slice(0, 64)));
  if (!p) {
    log.warn({ taskId }, 'pickup callback for an unknown task');
    return refused(404, '订单不存在');
  }
  if (!callbackSignedBy(param, sign, p.salt)) {
    log.warn({ taskId }, 'pickup callback with a bad sign');
    return refused(401, '签名错误');
  }
  let c: BorderCallback;
  try {
    c = JSON.parse(param) as BorderCallback;
  } catch {
    return refused(400, 'param 不是 JSON');
  }
  const status = String(c?.data?.status ?? '');
  const trackingNo = text(c?.kuaidinum, 40)?.toUpperCase() ?? null;
  const [a] = await db.select().from(afterSales).where(eq(afterSales.id, p.afterSaleId));
  const is = (s: readonly string[]) => s.includes(status);
  if (is(BORDER_STATUS.assigned)) {
    await withTx(async (tx) => {
      const [moved] = await tx
        .update(returnPickups)
        .set({
          state: 'assigned',
          courierName: text(c.data?.courierName, 20),
          courierPhone: text(c.data?.courierMobile, 20),
          trackingNo: trackingNo ?? sql`${returnPickups.trackingNo}`,
          assignedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(returnPickups.id, p.id), eq(returnPickups.state, 'booked')))
        .returning();
      if (moved) {
        await noteAfterSale(tx, a.id, 'shopper', `快递员已接单：${moved.courierName ?? ''} ${moved.courierPhone ?? ''}，将在 ${slotLabel(moved.slotStart, moved.slotEnd)} 上门取件`.trim());
        await notify(tx, a.userId, 'after_sale_pickup_assigned', { afterSaleNo: a.afterSaleNo, courier: moved.courierName ?? '快递员', phone: moved.courierPhone ?? '', slot: slotLabel(moved.slotStart, moved.slotEnd) }, `${a.afterSaleNo}:${p.id}`);
      }
    });
  } else if (is(BORDER_STATUS.collected)) {
    const number = trackingNo ?? p.trackingNo;
    if (!number) return refused(400, '已取件但缺少运单号');
    await withTx(async (tx) => {
      const freightFen = fenOf(c.data?.freight);
      const [moved] = await tx
        .update(returnPickups)
        .set({ state: 'collected', trackingNo: number, freightFen, collectedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(returnPickups.id, p.id), inArray(returnPickups.state, LIVE_PICKUP_STATES)))
        .returning();
      if (!moved) return;
      // Who pays follows the reason (docs/after-sales.md#return-shipping): the shop's fault states the
      // carrier's freight as what the shopper paid, up to the cap; the shopper's own states none.
      const feeFen = isShopFault(a.reason) && freightFen ? Math.min(freightFen, RETURN_SHIPPING_CAP_FEN) : null;
      const paid = feeFen !== null ? `，垫付运费 ${formatFen(feeFen)}` : '';
      const sent = await sendBack(tx, a, { carrier: PICKUP_CARRIER, trackingNo: number, feeFen, note: `快递员已上门取件：${PICKUP_CARRIER}，运单号 ${number}${paid}` });
      if (!sent) log.warn({ afterSaleNo: a.afterSaleNo, status: a.status }, 'pickup collected for a request no longer awaiting the return');
      await notify(tx, a.userId, 'after_sale_pickup_collected', { afterSaleNo: a.afterSaleNo, carrier: PICKUP_CARRIER, trackingNo: number }, `${a.afterSaleNo}:${p.id}`);
    });
  } else if (is(BORDER_STATUS.cancelled) || is(BORDER_STATUS.failed)) {
    const failed = is(BORDER_STATUS.failed);
    const why = text(c.data?.cancelMsg, 100) ?? text(c.message, 100) ?? (failed ? '快递公司未能揽收' : '快递公司已取消');
    await withTx(async (tx) => {
      const [ended] = await tx
        .update(returnPickups)
        .set({ state: failed ? 'failed' : 'cancelled', note: why, cancelledAt: new Date(), updatedAt: new Date() })
        .where(and(eq(returnPickups.id, p.id), inArray(returnPickups.state, LIVE_PICKUP_STATES)))
        .returning();
      if (!ended) return;
      await noteAfterSale(tx, a.id, 'shopper', `上门取件${failed ? '失败' : '已取消'}：${why}`);
      if (failed) await notify(tx, a.userId, 'after_sale_pickup_failed', { afterSaleNo: a.afterSaleNo, reason: why }, `${a.afterSaleNo}:${p.id}`);
    });
  }
  log.info({ taskId, status, reason: AFTER_SALE_REASONS[a.reason].label }, 'pickup callback');
  return accepted;
}
