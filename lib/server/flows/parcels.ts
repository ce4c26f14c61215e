/**
 * Parcels followed at the carrier, joined to their orders and returns: pushes, the sweep's queries, 派送中 and 已签收 told.
 *
 * The parcels the shop follows at the carrier (docs/tracking.md), put together with what they follow:
 * the tracking module keeps the waybills, their events and state; the order and after-sales modules say
 * whose a parcel is and where it went. A push or the sweep's query that brings 派送中 or 已签收 tells
 * the shopper (docs/messages.md#events), each once per order (per exchange for its new goods): the
 * notice's key is the order's (the request's) number, so the carrier's repeated pushes and the sweep's
 * queries add nothing. Written before the push is answered: a crash in between leaves the push
 * unanswered, and the carrier sends it again.
 */
import 'server-only';
import { getDb, withTx } from '../db/client';
import { afterSaleParcel, pickupAddressOf } from '../modules/after-sales';
import { notify } from '../modules/messages';
import { orderParcel, shippedOrderIds } from '../modules/order';
import { askAboutQuietWaybills, receivePush, subscribeAtCarrier, type ParcelNews } from '../modules/tracking';

async function tellShopper(n: ParcelNews): Promise<void> {
  const db = await getDb();
  if ('exchangeAfterSaleId' in n) {
    const x = await afterSaleParcel(db, n.exchangeAfterSaleId);
    if (!x) return;
    if (n.news === 'signed') await withTx((tx) => notify(tx, x.userId, 'after_sale_exchange_signed', { afterSaleNo: x.afterSaleNo }, x.afterSaleNo));
    else await withTx((tx) => notify(tx, x.userId, 'after_sale_exchange_delivering', { afterSaleNo: x.afterSaleNo, carrier: x.reshipCarrier ?? '', trackingNo: x.reshipTrackingNo ?? '' }, x.afterSaleNo));
    return;
  }
  const o = await orderParcel(db, n.orderId);
  if (!o) return;
  if (n.news === 'signed') await withTx((tx) => notify(tx, o.userId, 'order_signed', { orderNo: o.orderNo }, o.orderNo));
  else await withTx((tx) => notify(tx, o.userId, 'order_delivering', { orderNo: o.orderNo, carrier: o.carrier ?? '', trackingNo: o.trackingNo ?? '' }, o.orderNo));
}

/** A push from 快递100 or the demo carrier (form fields `param` and `sign`), stored once its sign checks out; the answer to send back. */
export function receiveCarrierPush(raw: string) {
  return receivePush(raw, tellShopper);
}

/** The sweep's part: the quiet waybills of orders still 待收货, asked about at the carrier; how many were asked. */
export async function queryQuietWaybills(): Promise<number> {
  return askAboutQuietWaybills(shippedOrderIds(await getDb()), tellShopper);
}

/**
 * The outbox handler of `carrier_subscribe`: the waybill subscribed at the carrier; a return sets off
 * from where the courier collected it (上门取件), else from its order's address.
 */
export function sendSubscription(subscriptionId: number): Promise<void> {
  return subscribeAtCarrier(subscriptionId, async (afterSaleId) => {
    const db = await getDb();
    const collectedAt = await pickupAddressOf(db, afterSaleId);
    if (collectedAt) return collectedAt;
    const a = await afterSaleParcel(db, afterSaleId);
    return a ? ((await orderParcel(db, a.orderId))?.addressSnapshot ?? null) : null;
  });
}
