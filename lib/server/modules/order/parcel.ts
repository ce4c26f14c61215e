/**
 * What the parcel tracking needs of an order (lib/server/flows/parcels.ts): whose it is and where it
 * went, and which orders are still on their way (待收货). Tracking sits under the order module, so the
 * flow asks here and hands the answers down.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, type AddressSnapshot } from '../../db/schema';

type OrderParcel = { userId: number; orderNo: string; carrier: string | null; trackingNo: string | null; addressSnapshot: AddressSnapshot | null };

/** The order's shopper, number, carrier, waybill number and delivery address; null for an unknown id. */
export async function orderParcel(db: DbOrTx, orderId: number): Promise<OrderParcel | null> {
  const [o] = await db
    .select({ userId: orders.userId, orderNo: orders.orderNo, carrier: orders.carrier, trackingNo: orders.trackingNo, addressSnapshot: orders.addressSnapshot })
    .from(orders)
    .where(eq(orders.id, orderId));
  return o ?? null;
}

/** The ids of the orders shipped and not yet received, as a subquery (`… in (select id from orders where status = 'shipped')`). */
export function shippedOrderIds(db: DbOrTx) {
  return db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'shipped'));
}
