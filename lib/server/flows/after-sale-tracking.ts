/**
 * The tracking of an after-sales request's return parcel (docs/tracking.md#returns): the carrier and
 * waybill the shopper entered, the state and events from the tracking module, and the shop's own
 * 「已寄回」 (the moment the waybill was entered) merged with them, newest first — the shape of an order's
 * 物流详情. The shopper reads their own request only; another's, or an unknown number, is 404.
 */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import { AFTER_SALE_STATUS_LABEL, type AfterSaleStatus } from '../../domain/after-sale';
import { parcelView, type ParcelView, type TrackingEvent } from '../../domain/tracking';
import { AFTER_SALE_NO } from '../../validation/after-sale';
import { getDb } from '../db/client';
import { afterSaleEvents, afterSales, orders } from '../db/schema';
import { notFound } from '../errors';
import { iso } from '../iso';
import { waybillOfAfterSale } from '../modules/tracking';

/** The return parcel (ParcelView: state null before the shopper entered a return waybill) and its request. */
export type AfterSaleTracking = ParcelView & {
  afterSaleNo: string;
  orderNo: string;
  status: AfterSaleStatus;
  statusLabel: string;
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
  const [waybill, [entered]] = await Promise.all([
    waybillOfAfterSale(db, a.id),
    // The request's own step of 退货中 is when the shopper entered the waybill.
    sent ? db.select({ at: afterSaleEvents.createdAt }).from(afterSaleEvents).where(and(eq(afterSaleEvents.afterSaleId, a.id), eq(afterSaleEvents.status, 'returning'))) : Promise.resolve([]),
  ]);
  const own: TrackingEvent[] =
    sent && entered
      ? [{ time: iso(entered.at), place: null, text: `已寄回：您已把商品交给${a.returnCarrier ?? '快递公司'}，运单号 ${a.returnTrackingNo ?? '—'}`, state: 'shipped', stateLabel: '已寄回' }]
      : [];
  return {
    afterSaleNo: a.afterSaleNo,
    orderNo: row.orderNo,
    status: a.status,
    statusLabel: AFTER_SALE_STATUS_LABEL[a.status],
    ...parcelView({ carrier: a.returnCarrier, trackingNo: a.returnTrackingNo, waybill, own, unsubscribed: 'waiting' }),
  };
}
