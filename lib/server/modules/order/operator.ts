/**
 * The operator's reads and steps on one order (the console's order page): the order by its number,
 * and 发货 (paid → shipped with the carrier, the waybill number and the first shipment event). The
 * flow around them (lib/server/flows/order-admin.ts) adds the waybill to follow, the shopper's notice
 * and the audit row in the same transaction.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { COMPANY_ADDRESS } from '../../../site';
import { ORDER_NO } from '../../../validation/fields';
import type { DbOrTx, Tx } from '../../db/client';
import { orders, shipmentEvents } from '../../db/schema';
import { notFound } from '../../errors';
import type { OrderRow } from './rows';
import { moveOrder } from './states';

/** The order of `orderNo`, whoever's it is (the console reads any); 404 for a malformed or unknown number. */
export async function findOrderRow(db: DbOrTx, orderNo: string): Promise<OrderRow> {
  if (!ORDER_NO.test(orderNo)) throw notFound('订单不存在');
  const [o] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!o) throw notFound('订单不存在');
  return o;
}

/**
 * 发货 in the caller's transaction: paid → shipped (a device order only) with the carrier, the waybill
 * number and shippedAt, and the shop's own first shipment event, typed from the warehouse's city. False
 * when the order was not waiting to ship (another operator won, or it moved meanwhile).
 */
export async function shipOrderRow(tx: Tx, orderId: number, s: { carrier: string; trackingNo: string; at: Date }): Promise<boolean> {
  const shipped = await moveOrder(tx, orderId, 'paid', 'shipped', { carrier: s.carrier, trackingNo: s.trackingNo, shippedAt: s.at }, eq(orders.kind, 'device'));
  if (!shipped) return false;
  await tx.insert(shipmentEvents).values({
    orderId,
    description: `已发货：包裹已交给${s.carrier}，运单号 ${s.trackingNo}`,
    location: COMPANY_ADDRESS.addressLocality,
    occurredAt: s.at,
  });
  return true;
}
