/**
 * The console's 疑难运单: waybills of orders awaiting receipt whose tracking went quiet or that the carrier flags.
 *
 * The console's 疑难运单 (docs/tracking.md#console): waybills of orders still 待收货 whose tracking has
 * gone quiet, or that the carrier calls 疑难. A read model over the tracking module's waybills and the
 * orders they follow: it never writes.
 */
import 'server-only';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { DAY_MS } from '../../domain/shop-time';
import { TRACKING_STATE_LABEL, TRACKING_TROUBLE_DAYS, trackingState, type TrackingState } from '../../domain/tracking';
import { getDb } from '../db/client';
import { orders, waybillSubscriptions } from '../db/schema';
import { iso } from '../iso';

type QuietWaybill = {
  orderNo: string;
  carrier: string | null;
  carrierCode: string;
  trackingNo: string;
  destination: string;
  state: TrackingState;
  stateLabel: string;
  shippedAt: string | null;
  lastEventAt: string | null;
};

/**
 * The console's 疑难 list: waybills of orders still shipped and not signed whose last event (or 发货, when
 * none came) is TRACKING_TROUBLE_DAYS old, or that the carrier itself calls 疑难; longest quiet first.
 */
export async function quietWaybills(limit = 200): Promise<QuietWaybill[]> {
  const db = await getDb();
  const since = new Date(Date.now() - TRACKING_TROUBLE_DAYS * DAY_MS);
  const lastHeard = sql`coalesce(${waybillSubscriptions.lastEventAt}, ${orders.shippedAt}, ${waybillSubscriptions.createdAt})`;
  const rows = await db
    .select({ w: waybillSubscriptions, orderNo: orders.orderNo, carrier: orders.carrier, shippedAt: orders.shippedAt })
    .from(waybillSubscriptions)
    .innerJoin(orders, eq(orders.id, waybillSubscriptions.orderId))
    .where(
      and(
        eq(orders.status, 'shipped'),
        isNull(waybillSubscriptions.signedAt),
        or(lt(lastHeard, since), inArray(sql`left(${waybillSubscriptions.state}, 1)`, ['2']), eq(waybillSubscriptions.state, '13')),
      ),
    )
    .orderBy(asc(lastHeard))
    .limit(limit);
  return rows.map(({ w, orderNo, carrier, shippedAt }) => {
    const state = trackingState(w.state);
    return {
      orderNo,
      carrier,
      carrierCode: w.carrierCode,
      trackingNo: w.trackingNo,
      destination: w.destination,
      state,
      stateLabel: TRACKING_STATE_LABEL[state],
      shippedAt: iso(shippedAt),
      lastEventAt: iso(w.lastEventAt),
    };
  });
}
