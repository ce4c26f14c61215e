/**
 * Parcel tracking (docs/tracking.md): the waybills the shop follows at 快递100, the carrier's events of
 * each (stored once: a unique key per event), the state, and the checks of its pushes. 发货 opens a
 * waybill in its own transaction; the subscription goes to the carrier after the commit (outbox
 * `carrier_subscribe`); pushes and real-time queries both end in `storeResult`. What a waybill follows
 * (an order, a return, an exchange's new goods) is its owners' business: the flow that calls in here
 * (lib/server/flows/parcels.ts) says where a return sets off and tells the shopper the news.
 */
import 'server-only';
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import { COMPANY_ADDRESS } from '../../../site';
import { TRACKING_QUERY_BATCH, TRACKING_QUIET_QUERY_H } from '../../carrier/limits';
import { HOUR_MS } from '../../../domain/shop-time';
import { topStateCode, trackingState, TRACKING_STATE_LABEL, type TrackingState } from '../../../domain/tracking';
import {
  kuaidi100Config,
  newSalt,
  pushSign,
  queryWaybill,
  signsEqual,
  subscribeWaybill,
  type CarrierPush,
  type CarrierReply,
  type CarrierResult,
} from '../../carrier/kuaidi100';
import { getDb, type DbOrTx, type Tx } from '../../db/client';
import { trackingEvents, waybillSubscriptions, type AddressSnapshot } from '../../db/schema';
import { iso } from '../../iso';
import { log } from '../../log';
import { emit } from '../../outbox/emit';

type Waybill = typeof waybillSubscriptions.$inferSelect;

/** Where the parcel goes, as the carrier's `to`: the snapshot's province and city (a municipality once). */
export function destinationOf(a: AddressSnapshot | null): string {
  if (!a) return `${COMPANY_ADDRESS.addressRegion}${COMPANY_ADDRESS.addressLocality}`;
  const city = a.city && a.city !== a.province && a.city !== '市辖区' ? a.city : '';
  return `${a.province}${city}`.slice(0, 60);
}

/**
 * What a waybill is followed for: an order shipped by the shop, the goods a shopper sends back under
 * an after-sales request, or the new goods the shop sends out for an exchange (换新发出).
 */
type WaybillOwner = { orderId: number } | { afterSaleId: number } | { exchangeAfterSaleId: number };

const ownerKey = (w: WaybillOwner) =>
  'orderId' in w
    ? { values: { orderId: w.orderId }, target: waybillSubscriptions.orderId }
    : 'afterSaleId' in w
      ? { values: { afterSaleId: w.afterSaleId }, target: waybillSubscriptions.afterSaleId }
      : { values: { exchangeAfterSaleId: w.exchangeAfterSaleId }, target: waybillSubscriptions.exchangeAfterSaleId };

/**
 * 发货's part (and 填写退货物流's, 换新发出's), in its transaction: the waybill row (with its salt) and
 * the outbox event that subscribes it at the carrier after the commit. One waybill per order, per
 * return and per exchange's new goods: a repeat adds nothing.
 */
export async function openWaybill(tx: Tx, w: WaybillOwner & { carrierCode: string; trackingNo: string; destination: string }): Promise<void> {
  const salt = kuaidi100Config().salt ?? newSalt();
  const owner = ownerKey(w);
  const [row] = await tx
    .insert(waybillSubscriptions)
    .values({ ...owner.values, carrierCode: w.carrierCode, trackingNo: w.trackingNo, salt, destination: w.destination })
    .onConflictDoNothing({ target: owner.target })
    .returning({ id: waybillSubscriptions.id });
  if (row) await emit(tx, { kind: 'carrier_subscribe', payload: { subscriptionId: row.id } }, `carrier_subscribe:${row.id}`);
}

/** Where a return parcel goes: the shop's warehouse (its address, as the carrier's `to`). */
export const WAREHOUSE_DESTINATION = `${COMPANY_ADDRESS.addressRegion}${COMPANY_ADDRESS.addressLocality}`;

/** The address a return's goods were delivered to (its order's snapshot), asked of the caller: null when unknown. */
type ReturnAddress = (afterSaleId: number) => Promise<AddressSnapshot | null>;

/**
 * The outbox handler's part: the subscription POSTed to 快递100 (a repeat is answered 501 there, which
 * is fine). A return parcel goes the other way: from the order's address to the warehouse; an
 * exchange's new goods leave the warehouse like an order's parcel.
 */
export async function subscribeAtCarrier(subscriptionId: number, returnAddress: ReturnAddress): Promise<void> {
  const db = await getDb();
  const [w] = await db.select().from(waybillSubscriptions).where(eq(waybillSubscriptions.id, subscriptionId));
  if (!w) return;
  const from = w.afterSaleId === null ? WAREHOUSE_DESTINATION : returnOrigin(await returnAddress(w.afterSaleId));
  await subscribeWaybill({ company: w.carrierCode, number: w.trackingNo, salt: w.salt, from, to: w.destination });
  await db.update(waybillSubscriptions).set({ subscribedAt: new Date() }).where(and(eq(waybillSubscriptions.id, w.id), isNull(waybillSubscriptions.subscribedAt)));
}

/**
 * Where a return parcel sets off: the address its order went to, down to the county (快递100's `from`
 * takes 省-市-区). The county also tells it apart from the warehouse's city when the shopper lives there.
 */
function returnOrigin(a: AddressSnapshot | null): string {
  return `${destinationOf(a)}${a?.county ?? ''}`.slice(0, 80);
}

/**
 * 派送中 or 已签收 of a parcel the shop sent, for the shopper to hear (docs/messages.md#events): an
 * order's, or an exchange's new goods. A return parcel's waybill (the shopper's own sending) has none.
 */
export type ParcelNews = { news: 'signed' | 'delivering' } & ({ orderId: number } | { exchangeAfterSaleId: number });

/** Tells the shopper a parcel's news (the caller knows whose it is); written before a push is answered. */
type TellShopper = (n: ParcelNews) => Promise<void>;

/** 快递100's times are Beijing time, "YYYY-MM-DD HH:mm:ss". */
function carrierTime(s: string | undefined): Date | null {
  if (!s || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(s)) return null;
  const d = new Date(`${s.replace(' ', 'T')}+08:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}

const eventKey = (time: string, text: string) => createHash('sha256').update(`${time}|${text}`, 'utf8').digest('hex');

const STATE_CODE = /^\d{1,4}$/;

/**
 * A push's or a query's result, stored: each event once (a repeat adds nothing, whatever the
 * concurrency: the unique key decides), the waybill's state, its newest event's time, and the signing's
 * time the first time the state is 签收. Answers how many events were new.
 */
async function storeResult(w: Pick<Waybill, 'id'>, r: CarrierResult, tell: TellShopper): Promise<number> {
  const db = await getDb();
  const rows = (r.data ?? []).flatMap((e) => {
    const when = e.ftime ?? e.time;
    const at = carrierTime(when);
    const text = typeof e.context === 'string' ? e.context.trim().slice(0, 500) : '';
    if (!at || !text) return [];
    const state = typeof e.statusCode === 'string' && STATE_CODE.test(e.statusCode) ? e.statusCode : null;
    // 快递100 names the area as "省,市": shown to the shopper as "安徽 合肥市".
    const place = typeof e.areaName === 'string' && e.areaName.trim() ? e.areaName.trim().split(/\s*,\s*/).join(' ').slice(0, 60) : null;
    return [{ subscriptionId: w.id, eventKey: eventKey(when!, text), occurredAt: at, place, text, state }];
  });
  const added = rows.length ? await db.insert(trackingEvents).values(rows).onConflictDoNothing().returning({ id: trackingEvents.id }) : [];
  const state = typeof r.state === 'string' && STATE_CODE.test(r.state) ? r.state : null;
  const newest = rows.reduce<Date | null>((m, e) => (!m || e.occurredAt > m ? e.occurredAt : m), null);
  const signed = state !== null && topStateCode(state) === '3';
  const signedAt = signed ? (rows.filter((e) => e.state && topStateCode(e.state) === '3').map((e) => e.occurredAt)[0] ?? newest ?? new Date()) : null;
  const [after] = await db
    .update(waybillSubscriptions)
    .set({
      lastPushAt: new Date(),
      ...(state ? { state } : {}),
      ...(newest ? { lastEventAt: sql`greatest(${waybillSubscriptions.lastEventAt}, ${newest})` } : {}),
      ...(signedAt ? { signedAt: sql`coalesce(${waybillSubscriptions.signedAt}, ${signedAt})` } : {}),
    })
    .where(eq(waybillSubscriptions.id, w.id))
    .returning({ orderId: waybillSubscriptions.orderId, exchangeAfterSaleId: waybillSubscriptions.exchangeAfterSaleId, signedAt: waybillSubscriptions.signedAt });
  // A 派送中 heard after the signature (pushes may come out of order) is old news.
  const news = signed ? 'signed' : state !== null && topStateCode(state) === '5' && !after?.signedAt ? 'delivering' : null;
  if (news && after?.exchangeAfterSaleId) await tell({ news, exchangeAfterSaleId: after.exchangeAfterSaleId });
  else if (news && after?.orderId) await tell({ news, orderId: after.orderId });
  return added.length;
}

/** What the callback answers 快递100: the body it reads, and our HTTP status. */
type PushAnswer = { status: number; reply: CarrierReply };

const refused = (status: number, message: string): PushAnswer => ({ status, reply: { result: false, returnCode: '500', message } });

/**
 * A push from 快递100 (form fields `param` and `sign`): the waybill it names must be one of ours, and the
 * sign must be MD5(param + that waybill's salt); only then is anything stored. Same code for the demo
 * carrier's pushes. `tell`: how the shopper hears a parcel's news.
 */
export async function receivePush(raw: string, tell: TellShopper): Promise<PushAnswer> {
  const form = new URLSearchParams(raw);
  const param = form.get('param');
  const sign = form.get('sign');
  if (!param || !sign) return refused(400, '缺少 param 或 sign');
  let push: CarrierPush;
  try {
    push = JSON.parse(param) as CarrierPush;
  } catch {
    return refused(400, 'param 不是 JSON');
  }
  const r = push?.lastResult;
  if (!r || typeof r !== 'object' || typeof r.com !== 'string' || typeof r.nu !== 'string' || (r.data !== undefined && !Array.isArray(r.data))) {
    return refused(400, 'lastResult 不完整');
  }
  const db = await getDb();
  const candidates = await db
    .select()
    .from(waybillSubscriptions)
    .where(and(eq(waybillSubscriptions.carrierCode, r.com.slice(0, 20)), eq(waybillSubscriptions.trackingNo, r.nu.toUpperCase().slice(0, 40))));
  if (!candidates.length) {
    log.warn({ com: r.com, nu: r.nu }, 'carrier push for an unknown waybill');
    return refused(404, '运单不存在');
  }
  const mine = candidates.filter((w) => signsEqual(sign, pushSign(param, w.salt)));
  if (!mine.length) {
    log.warn({ com: r.com, nu: r.nu }, 'carrier push with a bad sign');
    return refused(401, '签名错误');
  }
  for (const w of mine) {
    const added = await storeResult(w, r, tell);
    log.info({ waybill: w.id, state: r.state, added }, 'carrier push stored');
  }
  return { status: 200, reply: { result: true, returnCode: '200', message: '成功' } };
}

/**
 * The sweep's part: waybills of orders still shipped (`shippedOrderIds`, the order module's subquery),
 * not signed, with nothing heard for TRACKING_QUIET_QUERY_H hours (nor asked about in that time), asked
 * about at 快递100's real-time query, at most TRACKING_QUERY_BATCH a run. A guarded update of
 * last_queried_at picks one asker per waybill.
 */
export async function askAboutQuietWaybills(shippedOrderIds: SQLWrapper, tell: TellShopper): Promise<number> {
  const db = await getDb();
  const quietSince = new Date(Date.now() - TRACKING_QUIET_QUERY_H * HOUR_MS);
  const quiet = and(
    isNull(waybillSubscriptions.signedAt),
    lt(sql`coalesce(${waybillSubscriptions.lastEventAt}, ${waybillSubscriptions.createdAt})`, quietSince),
    or(isNull(waybillSubscriptions.lastQueriedAt), lt(waybillSubscriptions.lastQueriedAt, quietSince)),
  );
  const due = await db
    .select({ w: waybillSubscriptions })
    .from(waybillSubscriptions)
    .where(and(inArray(waybillSubscriptions.orderId, shippedOrderIds), quiet))
    .orderBy(asc(waybillSubscriptions.lastQueriedAt))
    .limit(TRACKING_QUERY_BATCH);
  let asked = 0;
  for (const { w } of due) {
    const [mine] = await db.update(waybillSubscriptions).set({ lastQueriedAt: new Date() }).where(and(eq(waybillSubscriptions.id, w.id), quiet)).returning({ id: waybillSubscriptions.id });
    if (!mine) continue;
    asked++;
    try {
      const r = await queryWaybill({ company: w.carrierCode, number: w.trackingNo, to: w.destination });
      await storeResult(w, r, tell);
    } catch (err) {
      log.warn({ waybill: w.id, err: String(err) }, 'carrier query failed');
    }
  }
  return asked;
}

// ------------------------------------------------------------------ reads

type TrackingEventView = { time: string; place: string | null; text: string; state: TrackingState | null; stateLabel: string | null };

type WaybillView = {
  state: TrackingState;
  stateLabel: string;
  signedAt: string | null;
  events: TrackingEventView[];
};

/** The carrier's side of an order's tracking: state and events, newest first; null when it was never shipped with a waybill. */
export async function waybillOfOrder(db: DbOrTx, orderId: number): Promise<WaybillView | null> {
  const [w] = await db.select().from(waybillSubscriptions).where(eq(waybillSubscriptions.orderId, orderId));
  return w ? viewOf(db, w) : null;
}

/** The same of an after-sales request's return parcel; null before the shopper entered its waybill. */
export async function waybillOfAfterSale(db: DbOrTx, afterSaleId: number): Promise<WaybillView | null> {
  const [w] = await db.select().from(waybillSubscriptions).where(eq(waybillSubscriptions.afterSaleId, afterSaleId));
  return w ? viewOf(db, w) : null;
}

/** The newest carrier event of an order's parcel (订单详情's one line), null before the first. */
export async function latestEventOfOrder(db: DbOrTx, orderId: number): Promise<{ occurredAt: Date; text: string; place: string | null; stateLabel: string | null } | null> {
  const [e] = await db
    .select({ occurredAt: trackingEvents.occurredAt, text: trackingEvents.text, place: trackingEvents.place, state: trackingEvents.state })
    .from(trackingEvents)
    .innerJoin(waybillSubscriptions, eq(waybillSubscriptions.id, trackingEvents.subscriptionId))
    .where(eq(waybillSubscriptions.orderId, orderId))
    .orderBy(desc(trackingEvents.occurredAt), desc(trackingEvents.id))
    .limit(1);
  return e ? { occurredAt: e.occurredAt, text: e.text, place: e.place, stateLabel: e.state ? TRACKING_STATE_LABEL[trackingState(e.state)] : null } : null;
}

/** The same of an exchange's new goods; null before 换新发出. */
export async function waybillOfExchange(db: DbOrTx, afterSaleId: number): Promise<WaybillView | null> {
  const [w] = await db.select().from(waybillSubscriptions).where(eq(waybillSubscriptions.exchangeAfterSaleId, afterSaleId));
  return w ? viewOf(db, w) : null;
}

async function viewOf(db: DbOrTx, w: Waybill): Promise<WaybillView> {
  const events = await db
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.subscriptionId, w.id))
    .orderBy(desc(trackingEvents.occurredAt), desc(trackingEvents.id));
  const state = trackingState(w.state);
  return {
    state,
    stateLabel: TRACKING_STATE_LABEL[state],
    signedAt: iso(w.signedAt),
    events: events.map((e) => {
      const s = e.state ? trackingState(e.state) : null;
      return { time: iso(e.occurredAt), place: e.place, text: e.text, state: s, stateLabel: s ? TRACKING_STATE_LABEL[s] : null };
    }),
  };
}

/**
 * When the waybill of the order `orderId` names was signed for, null until the carrier reports it: an
 * SQL expression the caller's query reads per row (the order module's 自动确认收货, docs/states.md#timers).
 */
export const orderSignedAt = (orderId: AnyColumn): SQL =>
  sql`(select ${waybillSubscriptions.signedAt} from ${waybillSubscriptions} where ${waybillSubscriptions.orderId} = ${orderId})`;
