/** What an after-sales request looks like to the shopper (and, with more, to the console): one shape for the API and the screens. */
import 'server-only';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  AFTER_SALE_REASONS,
  AFTER_SALE_STATUS_LABEL,
  AFTER_SALE_TYPE_LABEL,
  mayMoveAfterSale,
  type AfterSaleActor,
  type AfterSaleReason,
  type AfterSaleStatus,
  type AfterSaleType,
} from '../../../domain/after-sale';
import { RETURN_ADDRESS } from '../../../constants';
import { orderNumbers } from '../order';
import { afterSalePhotos, uploadUrl } from '../uploads';
import type { DbOrTx } from '../../db/client';
import { afterSaleEvents, afterSaleItems, afterSales, orderItems } from '../../db/schema';
import { iso } from '../../iso';
import { REFUND_STATUS_LABEL, type RefundStatus } from '../../../domain/refund-status';
import { returnShippingRefundOf } from './return-shipping';

type AfterSaleRow = typeof afterSales.$inferSelect;

/** `priceFen` is the list price; `paidUnitFen` what a unit cost after the order's coupon (paid_fen over the line's quantity, rounded down). */
type AfterSaleItem = { orderItemId: number; productName: string; skuName: string; image: string; priceFen: number; paidUnitFen: number; quantity: number; refundFen: number };
type AfterSaleImage = { id: string; url: string; width: number | null; height: number | null };

export type AfterSale = {
  afterSaleNo: string;
  orderNo: string;
  type: AfterSaleType;
  typeLabel: string;
  status: AfterSaleStatus;
  statusLabel: string;
  reason: AfterSaleReason;
  reasonLabel: string;
  /** Whose fault the reason is: the shop's refunds the shipping and pays the return. */
  fault: 'shop' | 'shopper';
  description: string;
  items: AfterSaleItem[];
  refundFen: number;
  shippingFen: number;
  rejectReason: string | null;
  /** Where to send the goods, once approved (退货退款 and 换货). */
  returnAddress: typeof RETURN_ADDRESS | null;
  returnShipment: { carrier: string; trackingNo: string } | null;
  /**
   * 运费补偿 (docs/after-sales.md#return-shipping), when the shopper stated the return's shipping: the
   * amount stated, what the shop approved (null: not yet decided; 0: refused) and why, and its refund.
   */
  returnShipping: {
    statedFen: number;
    approvedFen: number | null;
    note: string | null;
    refund: { refundNo: string; amountFen: number; status: RefundStatus; statusLabel: string; refundedAt: string | null } | null;
  } | null;
  reshipment: { carrier: string; trackingNo: string } | null;
  restocked: boolean | null;
  images: AfterSaleImage[];
  timeline: { status: AfterSaleStatus; statusLabel: string; actor: AfterSaleActor; note: string; createdAt: string }[];
  /** When the clock moves it next (auto-approve, auto-withdraw, auto-complete), if it will. */
  dueAt: string | null;
  createdAt: string;
  updatedAt: string;
  actions: { cancel: boolean; returnShipment: boolean; confirm: boolean };
};

export type AfterSaleSummary = Pick<AfterSale, 'afterSaleNo' | 'orderNo' | 'type' | 'typeLabel' | 'status' | 'statusLabel' | 'refundFen' | 'createdAt'> & {
  itemCount: number;
  items: Pick<AfterSaleItem, 'productName' | 'skuName' | 'image' | 'quantity'>[];
};

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
  const [items, events, images, orderNos, shippingRefund] = await Promise.all([
    itemsOf(db, [a.id]),
    db.select().from(afterSaleEvents).where(eq(afterSaleEvents.afterSaleId, a.id)).orderBy(desc(afterSaleEvents.id)),
    afterSalePhotos(db, a.id),
    orderNumbers(db, [a.orderId]),
    a.returnShippingPaidFen ? returnShippingRefundOf(db, a.id) : null,
  ]);
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
    restocked: a.restocked,
    images: images.map((i) => ({ id: i.id, url: uploadUrl(i.id), width: i.width, height: i.height })),
    timeline: events.map((e) => ({ status: e.status, statusLabel: AFTER_SALE_STATUS_LABEL[e.status], actor: e.actor, note: e.note, createdAt: iso(e.createdAt) })),
    dueAt: iso(a.dueAt),
    createdAt: iso(a.createdAt),
    updatedAt: iso(a.updatedAt),
    actions: {
      cancel: mayMoveAfterSale(a.status, 'cancelled', a.type, 'shopper'),
      returnShipment: mayMoveAfterSale(a.status, 'returning', a.type, 'shopper'),
      confirm: mayMoveAfterSale(a.status, 'completed', a.type, 'shopper'),
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
