/**
 * 订单详情, the shopper's view of one order: lines, shipping, codes, invoice, refunds, coupon, payment, what they may do.
 *
 * 订单详情, the shopper's view of one order (docs/states.md): its lines with their after-sales requests
 * and reviews, the shop's shipment events and the carrier's newest line, codes, invoice, refunds,
 * coupon and payment, and what the shopper may do now. A read model over several owners' tables: it
 * reads and never writes (the clock is applied before it, flows/order-page.ts).
 */
import 'server-only';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { INVOICE_STATUS_LABEL, type InvoiceStatus } from '../../domain/invoice-status';
import { windowEnd } from '../../domain/price-protect';
import { couponFace } from '../../domain/coupon';
import { ORDER_STATUS_LABEL, type OrderStatus } from '../../domain/order-status';
import { PAY_METHOD_LABEL } from '../../domain/payment-channels';
import { REFUND_STATUS_LABEL, type RefundStatus } from '../../domain/refund-status';
import type { ProductKind } from '../../domain/product-kind';
import type { PaymentChannel } from '../../domain/payment-channels';
import { AFTER_SALE_STATUS_LABEL, AFTER_SALE_TYPE_LABEL, type AfterSaleStatus, type AfterSaleType } from '../../domain/after-sale';
import type { DbOrTx } from '../db/client';
import { couponTemplates, coupons, invoices, licenses, orderItems, payments, products, shipmentEvents, subscriptionOrders, subscriptions, type AddressSnapshot } from '../db/schema';
import { iso } from '../iso';
import { loadOrderState, newOrderState, type OrderState } from '../modules/after-sales';
import type { SoldSku } from '../modules/catalog';
import type { OrderItemRow, OrderRow } from '../modules/order';
import { refundTotals } from '../modules/payment';
import { returnShippingRefunds } from '../modules/refund';
import { lineReviews } from '../modules/order';
import { NO_REVIEW, type LineReview } from '../modules/reviews';
import { latestEventOfOrder } from '../modules/tracking';
import { actionsFor, afterSaleOf, type OrderActions, type OrderAfterSaleState } from './orders-actions';

export type OrderLine = SoldSku & { categoryId: number; quantity: number; subtotalFen: number };
/** An after-sales request that counts against a line (open or finished), what the line links to (查看退款). */
type LineAfterSale = { afterSaleNo: string; type: AfterSaleType; typeLabel: string; status: AfterSaleStatus; statusLabel: string; quantity: number };
/**
 * A line of a placed order: its id (what after-sales names), the units in after-sales requests and those
 * requests, oldest first; a service line's subscriptions (those it made once paid, or the one a 续费, 加席位 or
 * 升级 order is for), what 查看服务 opens.
 */
type PlacedLine = Omit<OrderLine, 'categoryId'> & {
  id: number;
  afterSaleQuantity: number;
  afterSales: LineAfterSale[];
  review: LineReview;
  subscriptionIds: number[];
  /** 价保 (docs/rules.md#价保): when the line's window closes, while it is open and the line kept whole; else null (no 申请价保). */
  priceProtectUntil: string | null;
};

/** An order's sums, in fen: the lines, shipping, discount, and what the shopper pays. */
export type OrderTotals = { itemsTotalFen: number; shippingFen: number; discountFen: number; totalFen: number };

export type Order = OrderTotals & {
  orderNo: string;
  status: OrderStatus;
  statusLabel: string;
  kind: ProductKind;
  lines: PlacedLine[];
  address: AddressSnapshot | null;
  remark: string;
  payDeadline: string;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  carrier: string | null;
  trackingNo: string | null;
  shipmentEvents: { description: string; location: string | null; occurredAt: string }[];
  /** The parcel's newest line as the carrier (or, before its first event, the shop's 已发货) tells it: 订单详情 shows it as JD does. */
  latestTrack: { time: string; text: string; place: string | null; stateLabel: string | null } | null;
  licenses: { productName: string; code: string; validUntil: string | null; activatedAt: string | null; revoked: boolean }[];
  /** The order's invoice once one was requested (one per order). */
  invoice: { id: number; status: InvoiceStatus; statusLabel: string } | null;
  /** What after-sales did to the order: 售后中 while a request is open, else 部分退款 / 已退款; null when nothing. */
  afterSale: OrderAfterSaleState;
  /** What has gone back (or is on its way back) to the shopper, in fen. */
  refundedFen: number;
  /** Of refundedFen: what the provider has settled (已退款) and what is still under way (退款中). */
  refundSettledFen: number;
  refundingFen: number;
  /** 运费补偿: return shipping paid back on its own, not a part of the order refunded (docs/after-sales.md#return-shipping). */
  returnShippingRefunds: { amountFen: number; status: RefundStatus; statusLabel: string }[];
  /** The coupon the order used: its name and face (减 ¥20 / 8.5折); discountFen is what it took off. */
  coupon: { name: string; face: string } | null;
  /** How the order was paid (its succeeded payment): 微信支付 / 支付宝 and when; null while unpaid. */
  payment: { channel: PaymentChannel; method: string; paidAt: string | null } | null;
  actions: OrderActions;
};

async function usedCoupon(db: DbOrTx, couponId: number): Promise<Order['coupon']> {
  const [row] = await db
    .select({ name: couponTemplates.name, kind: couponTemplates.kind, amountFen: couponTemplates.amountFen, percent: couponTemplates.percent })
    .from(coupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, coupons.templateId))
    .where(eq(coupons.id, couponId));
  return row ? { name: row.name, face: couponFace(row) } : null;
}

/** What an order's view reads besides the order itself (orderDetail), in the shapes its reads give. */
type OrderParts = {
  s: OrderState;
  refunds: Awaited<ReturnType<typeof refundTotals>>;
  events: Pick<typeof shipmentEvents.$inferSelect, 'description' | 'location' | 'occurredAt'>[];
  lic: (Pick<typeof licenses.$inferSelect, 'code' | 'activatedAt' | 'revokedAt'> & { productName: string; validUntil: Date | null })[];
  subs: Awaited<ReturnType<typeof subscriptionsOf>>;
  inv: Pick<typeof invoices.$inferSelect, 'id' | 'status'> | undefined;
  pay: Awaited<ReturnType<typeof paymentOf>> | null;
  coupon: Order['coupon'];
  reviewed: Map<number, LineReview>;
  shippingBack: Awaited<ReturnType<typeof returnShippingRefunds>>;
  track?: Awaited<ReturnType<typeof latestEventOfOrder>>;
  /** Each product's 价保 window in days (0: none). */
  protectDays: Map<number, number>;
};

/** The whole view of the order `o` (read as it is: the caller applied the clock to it first). */
export async function orderDetail(db: DbOrTx, o: OrderRow): Promise<Order> {
  const [s, refunds, events, lic, [inv]] = await Promise.all([
    loadOrderState(db, o),
    refundTotals(db, o.id),
    db.select().from(shipmentEvents).where(eq(shipmentEvents.orderId, o.id)).orderBy(desc(shipmentEvents.occurredAt)),
    db
      .select({ code: licenses.code, validUntil: subscriptions.endsAt, activatedAt: licenses.activatedAt, revokedAt: licenses.revokedAt, productName: orderItems.productName })
      .from(licenses)
      .innerJoin(subscriptions, eq(subscriptions.id, licenses.subscriptionId))
      .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
      .where(eq(licenses.orderId, o.id))
      .orderBy(asc(licenses.id)),
    db.select({ id: invoices.id, status: invoices.status }).from(invoices).where(eq(invoices.orderId, o.id)),
  ]);
  const [pay, coupon, reviewed, shippingBack, track, subs] = await Promise.all([
    paymentOf(db, o.id),
    o.couponId ? usedCoupon(db, o.couponId) : null,
    lineReviews(db, [o]),
    returnShippingRefunds(db, o.id),
    o.trackingNo ? latestEventOfOrder(db, o.id) : null,
    subscriptionsOf(db, o.id),
  ]);
  const protect = await db.select({ id: products.id, days: products.priceProtectDays }).from(products).where(inArray(products.id, [...new Set(s.lines.map((l) => l.productId))]));
  const protectDays = new Map(protect.map((p) => [p.id, p.days]));
  return orderView(o, { s, refunds, events, lic, subs, inv, pay, coupon, reviewed, shippingBack, track, protectDays });
}

/**
 * The view of an order just placed, from the rows its transaction wrote: nothing else exists for it yet
 * (no payment, refund, request, waybill, code, invoice or review), so only its coupon is read.
 */
export async function newOrderView(db: DbOrTx, o: OrderRow, items: OrderItemRow[]): Promise<Order> {
  const coupon = o.couponId ? await usedCoupon(db, o.couponId) : null;
  const none = { settledFen: 0, processingFen: 0 };
  return orderView(o, { s: newOrderState(o, items), refunds: none, events: [], lic: [], subs: { made: [], forOrder: null }, inv: undefined, pay: null, coupon, reviewed: new Map(), shippingBack: [], protectDays: new Map() });
}

/** When a line's 价保 window closes, while it is open for a claim (the claim itself checks every rule again: the price-protect flow). */
function protectUntil(o: OrderRow, line: OrderState['lines'][number], days: number, now: Date): string | null {
  if (!o.paidAt || !['paid', 'shipped', 'completed'].includes(o.status) || line.kind === 'service' || days <= 0) return null;
  if (line.countedRefundQty > 0 || line.openAfterSaleNo) return null;
  const until = windowEnd(o.paidAt, days);
  return until >= now ? iso(until) : null;
}

function orderView(o: OrderRow, { s, refunds, events, lic, subs, inv, pay, coupon, reviewed, shippingBack, track, protectDays }: OrderParts): Order {
  const now = new Date();
  const refunded = refunds.settledFen + refunds.processingFen;
  const shopEvent = events[0];
  const latestTrack =
    track && (!shopEvent || track.occurredAt >= shopEvent.occurredAt)
      ? { time: iso(track.occurredAt), text: track.text, place: track.place, stateLabel: track.stateLabel }
      : shopEvent
        ? { time: iso(shopEvent.occurredAt), text: shopEvent.description, place: shopEvent.location, stateLabel: '已发货' }
        : null;
  return {
    coupon,
    orderNo: o.orderNo,
    status: o.status,
    statusLabel: ORDER_STATUS_LABEL[o.status],
    kind: o.kind,
    lines: s.lines.map((i) => ({
      id: i.id,
      afterSaleQuantity: i.countedQty,
      afterSales: i.requests.map((r) => ({ ...r, typeLabel: AFTER_SALE_TYPE_LABEL[r.type], statusLabel: AFTER_SALE_STATUS_LABEL[r.status] })),
      skuId: i.skuId,
      productId: i.productId,
      productName: i.productName,
      skuName: i.skuName,
      image: i.image,
      kind: i.kind,
      priceFen: i.priceFen,
      quantity: i.quantity,
      subtotalFen: i.priceFen * i.quantity,
      review: reviewed.get(i.id) ?? NO_REVIEW,
      subscriptionIds: subs.forOrder ? [subs.forOrder] : subs.made.filter((m) => m.orderItemId === i.id).map((m) => m.id),
      priceProtectUntil: protectUntil(o, i, protectDays.get(i.productId) ?? 0, now),
    })),
    itemsTotalFen: o.itemsTotalFen,
    shippingFen: o.shippingFen,
    discountFen: o.discountFen,
    totalFen: o.totalFen,
    address: o.addressSnapshot,
    remark: o.remark,
    payDeadline: iso(o.payDeadline),
    createdAt: iso(o.createdAt),
    paidAt: iso(o.paidAt),
    shippedAt: iso(o.shippedAt),
    completedAt: iso(o.completedAt),
    cancelledAt: iso(o.cancelledAt),
    cancelReason: o.cancelReason,
    carrier: o.carrier,
    trackingNo: o.trackingNo,
    shipmentEvents: events.map((e) => ({ description: e.description, location: e.location, occurredAt: iso(e.occurredAt) })),
    latestTrack,
    licenses: lic.map((l) => ({ productName: l.productName, code: l.code, validUntil: l.activatedAt ? iso(l.validUntil) : null, activatedAt: iso(l.activatedAt), revoked: Boolean(l.revokedAt) })),
    invoice: inv ? { id: inv.id, status: inv.status, statusLabel: INVOICE_STATUS_LABEL[inv.status] } : null,
    afterSale: afterSaleOf(o, s, refunded),
    refundedFen: refunded,
    refundSettledFen: refunds.settledFen,
    refundingFen: refunds.processingFen,
    returnShippingRefunds: shippingBack.map((r) => ({ ...r, statusLabel: REFUND_STATUS_LABEL[r.status] })),
    payment: pay ? { channel: pay.channel, method: PAY_METHOD_LABEL[pay.channel], paidAt: iso(pay.paidAt) ?? iso(o.paidAt) } : null,
    actions: { ...actionsFor(o, Boolean(inv), s), review: [...reviewed.values()].some((r) => r.reviewable) },
  };
}

/**
 * The subscriptions an order's lines made (oldest first), and the one it buys 续费, 加席位 or 升级 for: such an
 * order has the one line of that subscription.
 */
async function subscriptionsOf(db: DbOrTx, orderId: number): Promise<{ made: { id: number; orderItemId: number }[]; forOrder: number | null }> {
  const [made, [forOrder]] = await Promise.all([
    db.select({ id: subscriptions.id, orderItemId: subscriptions.orderItemId }).from(subscriptions).where(eq(subscriptions.orderId, orderId)).orderBy(asc(subscriptions.id)),
    db.select({ id: subscriptionOrders.subscriptionId }).from(subscriptionOrders).where(eq(subscriptionOrders.orderId, orderId)),
  ]);
  return { made, forOrder: forOrder?.id ?? null };
}

/** The payment that paid the order (the first that succeeded: a later one is refunded at once, docs/rules.md#payments). */
async function paymentOf(db: DbOrTx, orderId: number) {
  const [p] = await db
    .select({ channel: payments.channel, paidAt: payments.paidAt })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
    .orderBy(asc(payments.paidAt), asc(payments.id))
    .limit(1);
  return p ?? null;
}
