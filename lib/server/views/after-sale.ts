/**
 * One after-sales request as the shopper sees it (and the console starts from), and requests as list rows.
 *
 * One after-sales request as the shopper sees it (GET /aftersales/{no}, and the answer of each of their
 * moves) and as the console's view starts from, and a page of requests as list rows. A view: the
 * request's lines are read with the order's lines (name, option, picture, prices), its number with the
 * order's, its photos with the uploads', its 运费补偿 with the refunds'.
 */
import 'server-only';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { AFTER_SALE_REASONS, AFTER_SALE_STATUS_LABEL, AFTER_SALE_TYPE_LABEL, mayMoveAfterSale, type AfterSaleStatus } from '../../domain/after-sale';
import { RETURN_ADDRESS } from '../../domain/after-sale-rules';
import { REFUND_STATUS_LABEL } from '../../domain/refund-status';
import { getDb, type DbOrTx } from '../db/client';
import { afterSaleEvents, afterSaleItems, afterSales, orderItems } from '../db/schema';
import { iso } from '../iso';
import { type AfterSale, type AfterSaleSummary, canBookPickup, ownAfterSale, pickupOfAfterSale, returnShippingRefundOf } from '../modules/after-sales';
import { orderNumbers } from '../modules/order';
import { afterSalePhotos, uploadUrl } from '../modules/uploads';

type AfterSaleRow = typeof afterSales.$inferSelect;

/** Once a return is approved, and for as long as the goods are on their way or being handled. */
const RETURN_ADDRESS_SHOWN = ['awaiting_return', 'returning', 'received', 'reshipped', 'refunding', 'refunded', 'completed'] as const satisfies readonly AfterSaleStatus[];

const shipment = (carrier: string | null, trackingNo: string | null) => (carrier && trackingNo ? { carrier, trackingNo } : null);


async function itemsOf(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      afterSaleId: afterSaleItems.afterSaleId,
      orderItemId: afterSaleItems.orderItemId,
      productName: orderItems.productName,
      skuName: orderItems.skuName,
      image: orderItems.image,
      priceFen: orderItems.priceFen,
      paidUnitFen: sql<number>`${orderItems.paidFen} / ${orderItems.quantity}`.mapWith(Number),
      quantity: afterSaleItems.quantity,
      refundFen: afterSaleItems.refundFen,
    })
    .from(afterSaleItems)
    .innerJoin(orderItems, eq(orderItems.id, afterSaleItems.orderItemId))
    .where(inArray(afterSaleItems.afterSaleId, ids))
    .orderBy(asc(afterSaleItems.id));
}

export async function viewAfterSale(db: DbOrTx, a: AfterSaleRow): Promise<AfterSale> {
  const [items, events, images, orderNos, shippingRefund, pickup, pickupOffered] = await Promise.all([
    itemsOf(db, [a.id]),
    db.select().from(afterSaleEvents).where(eq(afterSaleEvents.afterSaleId, a.id)).orderBy(desc(afterSaleEvents.id)),
    afterSalePhotos(db, a.id),
    orderNumbers(db, [a.orderId]),
    a.returnShippingPaidFen ? returnShippingRefundOf(db, a.id) : null,
    a.type === 'refund_only' ? null : pickupOfAfterSale(db, a.id),
    canBookPickup(db, a),
  ]);
  const pickupLive = pickup?.state === 'booked' || pickup?.state === 'assigned';
  const returns = a.type !== 'refund_only' && (RETURN_ADDRESS_SHOWN as readonly AfterSaleStatus[]).includes(a.status);
  return {
    afterSaleNo: a.afterSaleNo,
    orderNo: orderNos.get(a.orderId)!,
    type: a.type,
    typeLabel: AFTER_SALE_TYPE_LABEL[a.type],
    status: a.status,
    statusLabel: AFTER_SALE_STATUS_LABEL[a.status],
    reason: a.reason,
    reasonLabel: AFTER_SALE_REASONS[a.reason].label,
    fault: AFTER_SALE_REASONS[a.reason].fault,
    description: a.description,
    items: items.map(({ afterSaleId: _a, ...i }) => i),
    refundFen: a.refundFen,
    shippingFen: a.shippingFen,
    rejectReason: a.rejectReason,
    returnAddress: returns ? RETURN_ADDRESS : null,
    returnShipment: shipment(a.returnCarrier, a.returnTrackingNo),
    returnShipping:
      a.returnShippingFen === null
        ? null
        : {
            statedFen: a.returnShippingFen,
            approvedFen: a.returnShippingPaidFen,
            note: a.returnShippingNote,
            refund: shippingRefund
              ? {
                  refundNo: shippingRefund.refundNo,
                  amountFen: shippingRefund.amountFen,
                  status: shippingRefund.status,
                  statusLabel: REFUND_STATUS_LABEL[shippingRefund.status],
                  refundedAt: iso(shippingRefund.refundedAt),
                }
              : null,
          },
    reshipment: shipment(a.reshipCarrier, a.reshipTrackingNo),
    pickup,
    restocked: a.restocked,
    images: images.map((i) => ({ id: i.id, url: uploadUrl(i.id), width: i.width, height: i.height })),
    timeline: events.map((e) => ({ status: e.status, statusLabel: AFTER_SALE_STATUS_LABEL[e.status], actor: e.actor, note: e.note, createdAt: iso(e.createdAt) })),
    dueAt: iso(a.dueAt),
    createdAt: iso(a.createdAt),
    updatedAt: iso(a.updatedAt),
    actions: {
      cancel: mayMoveAfterSale(a.status, 'cancelled', a.type, 'shopper'),
      returnShipment: mayMoveAfterSale(a.status, 'returning', a.type, 'shopper') && !pickupLive,
      confirm: mayMoveAfterSale(a.status, 'completed', a.type, 'shopper'),
      pickup: pickupOffered,
    },
  };
}

/** One page of requests as list rows (the first three lines of each). */
export async function summarise(db: DbOrTx, rows: (AfterSaleRow & { orderNo: string })[]): Promise<AfterSaleSummary[]> {
  const items = await itemsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((a) => {
    const mine = items.filter((i) => i.afterSaleId === a.id);
    return {
      afterSaleNo: a.afterSaleNo,
      orderNo: a.orderNo,
      type: a.type,
      typeLabel: AFTER_SALE_TYPE_LABEL[a.type],
      status: a.status,
      statusLabel: AFTER_SALE_STATUS_LABEL[a.status],
      refundFen: a.refundFen,
      createdAt: iso(a.createdAt),
      itemCount: mine.reduce((n, i) => n + i.quantity, 0),
      items: mine.slice(0, 3).map((i) => ({ productName: i.productName, skuName: i.skuName, image: i.image, quantity: i.quantity })),
    };
  });
}

/** The shopper's own request (another's is 404 「售后申请不存在」). */
export async function getAfterSale(userId: number, afterSaleNo: string): Promise<AfterSale> {
  const db = await getDb();
  return viewAfterSale(db, await ownAfterSale(db, userId, afterSaleNo));
}
