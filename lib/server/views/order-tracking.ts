/**
 * An order's 物流详情: the carrier's events and the shop's own shipment events, newest first.
 *
 * An order's 物流详情 (docs/tracking.md#reads): the carrier and waybill from the order, the state and
 * events from the tracking module, and the shop's own shipment events (「已发货」, typed at 发货) merged
 * with them, newest first. The shopper reads their own order only; the console reads any.
 */
import 'server-only';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { ORDER_STATUS_LABEL, type OrderStatus } from '../../domain/order-status';
import type { ProductKind } from '../../domain/product-kind';
import { parcelView, TRACKING_STATE_LABEL, type ParcelView, type TrackingEvent } from '../../domain/tracking';
import { ORDER_NO } from '../../validation/fields';
import { getDb } from '../db/client';
import { orders, shipmentEvents } from '../db/schema';
import { notFound } from '../errors';
import { iso } from '../iso';
import { waybillOfOrder } from '../modules/tracking';

/** The shipment (ParcelView: state null before 发货) and its order. */
export type OrderTracking = ParcelView & {
  orderNo: string;
  orderStatus: OrderStatus;
  orderStatusLabel: string;
  kind: ProductKind;
};

/** `userId`: the shopper's read (another's order, or one they deleted, is 404); null: the console's. */
export async function orderTracking(userId: number | null, orderNo: string): Promise<OrderTracking> {
  if (!ORDER_NO.test(orderNo)) throw notFound('订单不存在');
  const db = await getDb();
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), userId === null ? undefined : and(eq(orders.userId, userId), isNull(orders.hiddenAt))));
  if (!o) throw notFound('订单不存在');
  const [waybill, own] = await Promise.all([
    waybillOfOrder(db, o.id),
    db.select().from(shipmentEvents).where(eq(shipmentEvents.orderId, o.id)).orderBy(desc(shipmentEvents.occurredAt)),
  ]);
  const shopEvents: TrackingEvent[] = own.map((e) => ({ time: iso(e.occurredAt), place: e.location, text: e.description, state: 'shipped', stateLabel: TRACKING_STATE_LABEL.shipped }));
  return {
    orderNo: o.orderNo,
    orderStatus: o.status,
    orderStatusLabel: ORDER_STATUS_LABEL[o.status],
    kind: o.kind,
    ...parcelView({ carrier: o.carrier, trackingNo: o.trackingNo, waybill, own: shopEvents, unsubscribed: 'shipped' }),
  };
}
