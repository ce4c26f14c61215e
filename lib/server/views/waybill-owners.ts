/**
 * Whose parcel a waybill number is (an order's, a return's or an exchange's), for the demo carrier's 「模拟快递员」.
 *
 * Whose parcel a waybill number is, for the demo carrier's 「模拟快递员」 (lib/server/flows/demo-carrier.ts):
 * a read over the tracking module's waybills and the orders and after-sales requests they follow. It
 * never writes.
 */
import 'server-only';
import { eq, or } from 'drizzle-orm';
import { getDb } from '../db/client';
import { afterSales, orders, waybillSubscriptions } from '../db/schema';

/**
 * Who a waybill number belongs to: the shoppers whose order, return or exchange it follows (the demo
 * carrier moves a parcel for them and for operators only, docs/tracking.md#demo-carrier).
 */
export async function waybillOwners(trackingNo: string): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ byOrder: orders.userId, byRequest: afterSales.userId })
    .from(waybillSubscriptions)
    .leftJoin(orders, eq(orders.id, waybillSubscriptions.orderId))
    .leftJoin(afterSales, or(eq(afterSales.id, waybillSubscriptions.afterSaleId), eq(afterSales.id, waybillSubscriptions.exchangeAfterSaleId)))
    .where(eq(waybillSubscriptions.trackingNo, trackingNo.toUpperCase()));
  return [...new Set(rows.flatMap((r) => [r.byOrder, r.byRequest]).filter((id): id is number => id !== null))];
}
