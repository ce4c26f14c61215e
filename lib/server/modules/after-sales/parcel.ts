/**
 * What the parcel tracking needs of an after-sales request (lib/server/flows/parcels.ts): its order (a
 * return sets off from the order's address), its shopper and number, and the new goods' carrier and
 * waybill of an exchange (换新发出). Tracking sits under after-sales, so the flow asks here.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { afterSales } from '../../db/schema';

type AfterSaleParcel = { orderId: number; userId: number; afterSaleNo: string; reshipCarrier: string | null; reshipTrackingNo: string | null };

/** The request's order, shopper, number and the exchange's new goods' waybill; null for an unknown id. */
export async function afterSaleParcel(db: DbOrTx, afterSaleId: number): Promise<AfterSaleParcel | null> {
  const [a] = await db
    .select({ orderId: afterSales.orderId, userId: afterSales.userId, afterSaleNo: afterSales.afterSaleNo, reshipCarrier: afterSales.reshipCarrier, reshipTrackingNo: afterSales.reshipTrackingNo })
    .from(afterSales)
    .where(eq(afterSales.id, afterSaleId));
  return a ?? null;
}
