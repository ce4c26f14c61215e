/**
 * 物流详情 of an after-sales request: its return parcel, and an exchange's new goods.
 *
 * The tracking of an after-sales request's return parcel (docs/tracking.md#returns), and of an
 * exchange's new goods (docs/tracking.md#exchanges): the carrier and
 * waybill the shopper entered, the state and events from the tracking module, and the shop's own
 * 「已寄回」 (the moment the waybill was entered) merged with them, newest first — the shape of an order's
 * 物流详情. The shopper reads their own request only; another's, or an unknown number, is 404.
 */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import { AFTER_SALE_STATUS_LABEL, type AfterSaleStatus } from '../../domain/after-sale';
import { parcelView, TRACKING_STATE_LABEL, type ParcelView, type TrackingEvent } from '../../domain/tracking';
import { AFTER_SALE_NO } from '../../validation/after-sale';
import { getDb } from '../db/client';
import { afterSaleEvents, afterSales, orders } from '../db/schema';
import { notFound } from '../errors';
import { iso } from '../iso';
import { waybillOfAfterSale, waybillOfExchange } from '../modules/tracking';

/**
 * The return parcel (ParcelView: state null before the shopper entered a return waybill) and its
 * request; for an exchange, `exchange`: the new goods' parcel once the shop sent them (换新发出), else null.
 */
export type AfterSaleTracking = ParcelView & {
  afterSaleNo: string;
  orderNo: string;
  status: AfterSaleStatus;
  statusLabel: string;
  exchange: ParcelView | null;
};

export async function afterSaleTracking(userId: number, afterSaleNo: string): Promise<AfterSaleTracking> {
  if (!AFTER_SALE_NO.test(afterSaleNo)) throw notFound('售后申请不存在');
  const db = await getDb();
  const [row] = await db
    .select({ a: afterSales, orderNo: orders.orderNo })
    .from(afterSales)
    .innerJoin(orders, eq(orders.id, afterSales.orderId))
    .where(and(eq(afterSales.afterSaleNo, afterSaleNo), eq(afterSales.userId, userId)));
  if (!row) throw notFound('售后申请不存在');
  const { a } = row;
  const sent = a.returnCarrier !== null || a.returnTrackingNo !== null;
  const reshipped = a.reshipCarrier !== null || a.reshipTrackingNo !== null;
  // The request's own steps: 退货中 is when the shopper entered the waybill, 换新已发出 when the shop sent the new goods.
  const stepAt = async (status: AfterSaleStatus) =>
    (await db.select({ at: afterSaleEvents.createdAt }).from(afterSaleEvents).where(and(eq(afterSaleEvents.afterSaleId, a.id), eq(afterSaleEvents.status, status))))[0]?.at;
  const [waybill, entered, exchangeWaybill, sentOut] = await Promise.all([
    waybillOfAfterSale(db, a.id),
    sent ? stepAt('returning') : undefined,
    reshipped ? waybillOfExchange(db, a.id) : null,
    reshipped ? stepAt('reshipped') : undefined,
  ]);
  const own: TrackingEvent[] =
    sent && entered
      ? [{ time: iso(entered), place: null, text: `已寄回：您已把商品交给${a.returnCarrier ?? '快递公司'}，运单号 ${a.returnTrackingNo ?? '—'}`, state: 'shipped', stateLabel: '已寄回' }]
      : [];
  const exchangeOwn: TrackingEvent[] = sentOut
    ? [{ time: iso(sentOut), place: null, text: `已发货：换新商品已交给${a.reshipCarrier ?? '快递公司'}，运单号 ${a.reshipTrackingNo ?? '—'}`, state: 'shipped', stateLabel: TRACKING_STATE_LABEL.shipped }]
    : [];
  return {
    afterSaleNo: a.afterSaleNo,
    orderNo: row.orderNo,
    status: a.status,
    statusLabel: AFTER_SALE_STATUS_LABEL[a.status],
    ...parcelView({ carrier: a.returnCarrier, trackingNo: a.returnTrackingNo, waybill, own, unsubscribed: 'waiting' }),
    exchange: reshipped ? parcelView({ carrier: a.reshipCarrier, trackingNo: a.reshipTrackingNo, waybill: exchangeWaybill, own: exchangeOwn, unsubscribed: 'shipped' }) : null,
  };
}
