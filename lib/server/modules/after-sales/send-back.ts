/**
 * The return parcel handed over (docs/after-sales.md#return-shipping, #pickup): 待寄回 → 退货中 with its
 * waybill, by the shopper's typed waybill or by a pickup's collection, and whether a pickup is live.
 */
import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { LIVE_PICKUP_STATES } from '../../../domain/pickup';
import { CARRIER_CODES } from '../../../domain/tracking';
import type { DbOrTx, Tx } from '../../db/client';
import { afterSales, returnPickups } from '../../db/schema';
import { conflict } from '../../errors';
import { openWaybill, WAREHOUSE_DESTINATION } from '../tracking';
import { moveAfterSale } from './states';

type AfterSaleRow = typeof afterSales.$inferSelect;

/** Whether the request has a live pickup (填写退货物流 waits for its cancel). */
export async function hasLivePickup(db: DbOrTx, afterSaleId: number): Promise<boolean> {
  const [p] = await db.select({ id: returnPickups.id }).from(returnPickups).where(and(eq(returnPickups.afterSaleId, afterSaleId), inArray(returnPickups.state, LIVE_PICKUP_STATES)));
  return Boolean(p);
}

/**
 * 待寄回 → 退货中 with the carrier and waybill, and the parcel followed at the carrier: the one path of a
 * typed waybill (填写退货物流) and of a pickup's collection, in the caller's transaction; the moved row, or
 * undefined when the request was no longer 待寄回.
 */
export async function sendBack(tx: Tx, a: Pick<AfterSaleRow, 'id'>, w: { carrier: keyof typeof CARRIER_CODES; trackingNo: string; feeFen: number | null; note: string }) {
  const done = await moveAfterSale(tx, a.id, 'awaiting_return', 'returning', 'shopper', w.note, {
    returnCarrier: w.carrier,
    returnTrackingNo: w.trackingNo,
    returnShippingFen: w.feeFen,
  });
  // The return parcel is followed like a shipment: subscribed at the carrier after the commit (docs/tracking.md#returns).
  if (done) await openWaybill(tx, { afterSaleId: a.id, carrierCode: CARRIER_CODES[w.carrier], trackingNo: w.trackingNo, destination: WAREHOUSE_DESTINATION });
  return done;
}

/** 填写退货物流 refuses while a courier is booked: the shopper cancels the pickup first. */
export async function refuseWhilePickupBooked(tx: Tx, afterSaleId: number): Promise<void> {
  if (await hasLivePickup(tx, afterSaleId)) throw conflict('您已预约上门取件，如需自行寄回，请先取消预约');
}

