/**
 * A shopper's orders after checkout (flows/checkout.ts) (docs/states.md): the views, with their
 * after-sales, refunds and payment; cancelling (stock back exactly once; a paid order through
 * after-sales); 确认收货, 再次购买, hiding; the sweep. Every move goes through the order module's moveOrder.
 */
import 'server-only';
import { and, asc, desc, eq, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { SHIPPED_AUTO_COMPLETE_DAYS } from '../../constants';
import { INVOICE_STATUS_LABEL, isInvoiceable, type InvoiceStatus } from '../../domain/invoice-status';
import { couponFace } from '../../domain/coupon';
import { FINISHED_ORDER_STATUSES, isFinishedOrder, mayMoveOrder, ORDER_STATUS_LABEL, type OrderStatus } from '../../domain/order-status';
import { PAY_METHOD_LABEL } from '../../domain/payment-channels';
import { REFUND_STATUS_LABEL, type RefundStatus } from '../../domain/refund-status';
import type { ProductKind } from '../../domain/product-kind';
import type { PayChannel } from '../../domain/payment-channels';
import { DAY_MS } from '../../domain/shop-time';
import { cancelOrderSchema, orderListSchema } from '../../validation/order';
import { ORDER_NO } from '../../validation/fields';
import { getDb, withTx, type DbOrTx, type Tx } from '../db/client';
import { notify } from '../modules/messages';
import { countRows, paged, type Page } from '../db/paged';
import { afterSales, invoices, licenses, couponTemplates, coupons, orderItems, orders, payments, shipmentEvents, skus, type AddressSnapshot } from '../db/schema';
import { conflict, notFound } from '../errors';
import { AFTER_SALE_STATUS_LABEL, AFTER_SALE_TYPE_LABEL, OPEN_AFTER_SALE_STATUSES, ORDER_AFTER_SALE_LABEL, type AfterSaleStatus, type AfterSaleType, type OrderAfterSale } from '../../domain/after-sale';
import { loadOrderState, newOrderState, type OrderState } from '../modules/after-sales';
import { canAskAfterSale, refundUnshippedOrder } from '../modules/after-sales';
import { refundedFen, refundTotals, returnShippingRefunds } from '../modules/refund';
import { emit } from '../outbox/emit';
import { iso } from '../iso';
import { log } from '../log';
import { returnCoupon, type CheckoutCoupon } from '../modules/coupons';
import { putBackInCart, type PutBack, type SoldSku } from '../modules/cart';
import { moveOrder, moveOrders } from '../modules/order';
import { lineReviews, toReviewWhere } from '../modules/order';
import { NO_REVIEW, type LineReview } from '../modules/reviews';
import { settleOpenPayments } from '../modules/payment';
import { autoCompleteFrom, latestEventOfOrder } from '../modules/tracking';

export { markOrderPaid } from '../modules/order';

export type OrderLine = SoldSku & { categoryId: number; quantity: number; subtotalFen: number };
/** An after-sales request that counts against a line (open or finished), what the line links to (查看退款). */
type LineAfterSale = { afterSaleNo: string; type: AfterSaleType; typeLabel: string; status: AfterSaleStatus; statusLabel: string; quantity: number };
/** A line of a placed order: its id (what after-sales names), the units in after-sales requests and those requests, oldest first. */
type PlacedLine = Omit<OrderLine, 'categoryId'> & { id: number; afterSaleQuantity: number; afterSales: LineAfterSale[]; review: LineReview };

/** An order's sums, in fen: the lines, shipping, discount, and what the shopper pays. */
type OrderTotals = { itemsTotalFen: number; shippingFen: number; discountFen: number; totalFen: number };

export type Preview = OrderTotals & {
  lines: OrderLine[];
  needsAddress: boolean;
  /** The coupon the order would use (the best, unless the shopper chose another or none) and every coupon of theirs, usable or not with why. */
  coupon: CheckoutCoupon | null;
  usableCoupons: CheckoutCoupon[];
};

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
  afterSale: { state: OrderAfterSale; label: string } | null;
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
  payment: { channel: PayChannel; method: string; paidAt: string | null } | null;
  /** rebuy: 再次购买; remove: 删除订单 (docs/rules.md#delete-order). */
  actions: { pay: boolean; cancel: boolean; confirm: boolean; invoice: boolean; logistics: boolean; afterSale: boolean; rebuy: boolean; remove: boolean; review: boolean };
};

export type OrderSummary = Pick<Order, 'orderNo' | 'status' | 'statusLabel' | 'createdAt' | 'totalFen' | 'afterSale'> & {
  canAfterSale: boolean;
  /** 评价: a line of the order may be reviewed now (docs/reviews.md#who-and-when). */
  canReview: boolean;
  /** 再次购买 and 删除订单 of the list, as the order's actions say. */
  canRebuy: boolean;
  canRemove: boolean;
  itemCount: number;
  lines: Pick<OrderLine, 'productName' | 'skuName' | 'image' | 'quantity' | 'priceFen'>[];
};

// ------------------------------------------------------------------ read

type OrderRow = typeof orders.$inferSelect;

/**
 * What the shopper may do now: the moves the table gives the shopper (or the payment, while the
 * deadline lasts). 取消订单 of a paid device order not yet shipped, with nothing in after-sales yet, is
 * the 仅退款 of all of it (refunded at once).
 */
function actionsFor(o: OrderRow, hasInvoice: boolean, s: OrderState): Omit<Order['actions'], 'review'> {
  const untouched = s.lines.every((l) => l.countedQty === 0);
  const finished = isFinishedOrder(o.status);
  return {
    pay: mayMoveOrder(o.status, 'paid', 'payment') && o.payDeadline > new Date(),
    // An activated code is never refunded, so an order holding one cannot be cancelled as a whole.
    cancel: mayMoveOrder(o.status, 'cancelled', 'shopper') || (o.status === 'paid' && o.kind === 'device' && untouched && !s.activated),
    confirm: mayMoveOrder(o.status, 'completed', 'shopper'),
    invoice: !hasInvoice && isInvoiceable(o.status),
    logistics: Boolean(o.trackingNo),
    afterSale: canAskAfterSale(s),
    rebuy: finished,
    remove: removable(o, s),
  };
}

/** 删除订单: a finished order with no after-sales request open (the same rule as hideOrder's UPDATE). */
function removable(o: OrderRow, s: OrderState): boolean {
  return isFinishedOrder(o.status) && !s.lines.some((l) => l.openAfterSaleNo);
}

/** 售后中 while a request is open; else 已退款 when all the money went back, 部分退款 when some did. */
function afterSaleOf(o: OrderRow, s: OrderState, refunded: number): Order['afterSale'] {
  const state: OrderAfterSale | null = s.lines.some((l) => l.openAfterSaleNo) ? 'open' : refunded <= 0 ? null : refunded >= o.totalFen ? 'full' : 'partial';
  if (!state || (state === 'full' && o.status === 'refunded')) return null;
  return { state, label: ORDER_AFTER_SALE_LABEL[state] };
}

async function usedCoupon(db: DbOrTx, couponId: number): Promise<Order['coupon']> {
  const [row] = await db
    .select({ name: couponTemplates.name, kind: couponTemplates.kind, amountFen: couponTemplates.amountFen, percent: couponTemplates.percent })
    .from(coupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, coupons.templateId))
    .where(eq(coupons.id, couponId));
  return row ? { name: row.name, face: couponFace(row) } : null;
}

/** What an order's view reads besides the order itself (loadOrder), in the shapes its reads give. */
type OrderParts = {
  s: OrderState;
  refunds: Awaited<ReturnType<typeof refundTotals>>;
  events: Pick<typeof shipmentEvents.$inferSelect, 'description' | 'location' | 'occurredAt'>[];
  lic: (Pick<typeof licenses.$inferSelect, 'code' | 'validUntil' | 'activatedAt' | 'revokedAt'> & { productName: string })[];
  inv: Pick<typeof invoices.$inferSelect, 'id' | 'status'> | undefined;
  pay: Awaited<ReturnType<typeof paymentOf>> | null;
  coupon: Order['coupon'];
  reviewed: Map<number, LineReview>;
  shippingBack: Awaited<ReturnType<typeof returnShippingRefunds>>;
  track?: Awaited<ReturnType<typeof latestEventOfOrder>>;
};

async function loadOrder(db: DbOrTx, o: OrderRow): Promise<Order> {
  const [s, refunds, events, lic, [inv]] = await Promise.all([
    loadOrderState(db, o),
    refundTotals(db, o.id),
    db.select().from(shipmentEvents).where(eq(shipmentEvents.orderId, o.id)).orderBy(desc(shipmentEvents.occurredAt)),
    db
      .select({ code: licenses.code, validUntil: licenses.validUntil, activatedAt: licenses.activatedAt, revokedAt: licenses.revokedAt, productName: orderItems.productName })
      .from(licenses)
      .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
      .where(eq(licenses.orderId, o.id))
      .orderBy(asc(licenses.id)),
    db.select({ id: invoices.id, status: invoices.status }).from(invoices).where(eq(invoices.orderId, o.id)),
  ]);
  const [pay, coupon, reviewed, shippingBack, track] = await Promise.all([
    paymentOf(db, o.id),
    o.couponId ? usedCoupon(db, o.couponId) : null,
    lineReviews(db, [o]),
    returnShippingRefunds(db, o.id),
    o.trackingNo ? latestEventOfOrder(db, o.id) : null,
  ]);
  return orderView(o, { s, refunds, events, lic, inv, pay, coupon, reviewed, shippingBack, track });
}

/**
 * The view of an order just placed, from the rows its transaction wrote: nothing else exists for it yet
 * (no payment, refund, request, waybill, code, invoice or review), so only its coupon is read.
 */
export async function newOrderView(db: DbOrTx, o: OrderRow, items: (typeof orderItems.$inferSelect)[]): Promise<Order> {
  const coupon = o.couponId ? await usedCoupon(db, o.couponId) : null;
  const none = { settledFen: 0, processingFen: 0 };
  return orderView(o, { s: newOrderState(o, items), refunds: none, events: [], lic: [], inv: undefined, pay: null, coupon, reviewed: new Map(), shippingBack: [] });
}

function orderView(o: OrderRow, { s, refunds, events, lic, inv, pay, coupon, reviewed, shippingBack, track }: OrderParts): Order {
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
    licenses: lic.map((l) => ({ productName: l.productName, code: l.code, validUntil: iso(l.validUntil), activatedAt: iso(l.activatedAt), revoked: Boolean(l.revokedAt) })),
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

/** `withHidden`: also an order the shopper deleted (the console reads it); for the shopper it is 404 like another's. */
async function ownOrder(db: DbOrTx, userId: number, orderNo: string, withHidden = false): Promise<OrderRow> {
  if (!ORDER_NO.test(orderNo)) throw notFound('订单不存在');
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId), withHidden ? undefined : isNull(orders.hiddenAt)));
  if (!o) throw notFound('订单不存在');
  return o;
}

/**
 * One order of this user (another user's order, or one they deleted, is 404); an unpaid order past its
 * deadline is cancelled first. `withHidden` is the console's read: a deleted order is kept for the books.
 */
export async function getOrder(userId: number, orderNo: string, withHidden = false): Promise<Order> {
  const db = await getDb();
  let o = await ownOrder(db, userId, orderNo, withHidden);
  if (await settleLifecycle(db, o)) o = await ownOrder(db, userId, orderNo, withHidden);
  return loadOrder(db, o);
}

export async function listOrders(userId: number, query: unknown): Promise<Page<OrderSummary>> {
  const q = orderListSchema.parse(query);
  const db = await getDb();
  await sweepUser(db, userId);
  const filter = q.status === 'to_review' ? toReviewWhere() : q.status ? eq(orders.status, q.status) : undefined;
  const where = and(eq(orders.userId, userId), isNull(orders.hiddenAt), filter);
  const count = db.select({ total: countRows }).from(orders).where(where);
  const rows = db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).$dynamic();
  return paged(q, count, rows, async (page) => {
    const [items, reviewed] = await Promise.all([
      page.length ? db.select().from(orderItems).where(inArray(orderItems.orderId, page.map((r) => r.id))).orderBy(asc(orderItems.id)) : [],
      lineReviews(db, page),
    ]);
    const states = await Promise.all(page.map(async (o) => [await loadOrderState(db, o), await refundedFen(db, o.id)] as const));
    return page.map((o, n) => {
      const mine = items.filter((i) => i.orderId === o.id);
      const [s, refunded] = states[n];
      return {
        afterSale: afterSaleOf(o, s, refunded),
        canAfterSale: canAskAfterSale(s),
        canReview: mine.some((i) => reviewed.get(i.id)?.reviewable),
        canRebuy: isFinishedOrder(o.status),
        canRemove: removable(o, s),
        orderNo: o.orderNo,
        status: o.status,
        statusLabel: ORDER_STATUS_LABEL[o.status],
        createdAt: iso(o.createdAt),
        totalFen: o.totalFen,
        itemCount: mine.reduce((n, i) => n + i.quantity, 0),
        lines: mine.slice(0, 3).map((i) => ({ productName: i.productName, skuName: i.skuName, image: i.image, quantity: i.quantity, priceFen: i.priceFen })),
      };
    });
  });
}

// ------------------------------------------------------------------ transitions

/**
 * pending_payment → cancelled, with the stock returned in the caller's transaction. Only the caller
 * whose guarded update wins returns stock, so it comes back exactly once however many race. After
 * the commit (outbox events, docs/outbox.md): product pages refresh, stock-back notices go out, the
 * order's open payments are closed at the provider.
 */
export async function cancelOrderRow(tx: Tx, orderId: number, reason: string): Promise<boolean> {
  if (!(await moveOrder(tx, orderId, 'pending_payment', 'cancelled', { cancelReason: reason }))) return false;
  const items = await tx
    .select({ skuId: orderItems.skuId, productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.skuId)); // the same lock order as createOrder
  for (const i of items) {
    await tx.update(skus).set({ stock: sql`${skus.stock} + ${i.quantity}`, updatedAt: new Date() }).where(eq(skus.id, i.skuId));
  }
  await returnCoupon(tx, orderId);
  await emit(tx, { kind: 'products_changed', payload: { productIds: [...new Set(items.map((i) => i.productId))] } });
  await emit(tx, { kind: 'skus_restocked', payload: { skuIds: [...new Set(items.map((i) => i.skuId))] } });
  await emit(tx, { kind: 'payments_close', payload: { orderId } });
  return true;
}

/** An unpaid order runs out of time: unless the money came just in time (asked of the provider first). */
async function cancelOverdue(orderId: number): Promise<boolean> {
  if (await settleOpenPayments(orderId)) return true;
  return withTx((tx) => cancelOrderRow(tx, orderId, '超时未支付，系统自动取消'));
}

/** How a shopper's reason is kept in orders.cancel_reason: told apart from the console's and the clock's. */
const shopperCancelReason = (reason: string) => `用户取消（${reason}）`;

export async function cancelOrder(userId: number, orderNo: string, input: unknown): Promise<Order> {
  const db = await getDb();
  const o = await ownOrder(db, userId, orderNo);
  const { reason } = cancelOrderSchema.parse(input);
  if (o.status === 'paid' && o.kind === 'device') return cancelPaidOrder(userId, o, reason);
  if (!mayMoveOrder(o.status, 'cancelled', 'shopper')) throw conflict('当前订单状态不能取消');
  const won = await withTx((tx) => cancelOrderRow(tx, o.id, shopperCancelReason(reason)));
  if (!won) {
    const now = await ownOrder(db, userId, orderNo);
    if (now.status !== 'cancelled') throw conflict('订单状态已变化，请刷新后重试');
  }
  return getOrder(userId, orderNo);
}

/**
 * 取消订单 of a paid order not yet shipped: 仅退款 of every line, approved at once (stock back, codes
 * revoked, money back). The codes of an order with goods and codes are a request of their own, in the
 * same transaction (refundUnshippedOrder): one request of both was refused as mixing stages.
 */
async function cancelPaidOrder(userId: number, o: OrderRow, reason: string): Promise<Order> {
  await refundUnshippedOrder(userId, o.orderNo, shopperCancelReason(reason));
  return getOrder(userId, o.orderNo);
}

export async function confirmReceipt(userId: number, orderNo: string): Promise<Order> {
  const db = await getDb();
  const o = await ownOrder(db, userId, orderNo);
  if (!(await moveOrder(db, o.id, 'shipped', 'completed'))) throw conflict('当前订单状态不能确认收货');
  return getOrder(userId, orderNo);
}

/**
 * 删除订单 (docs/rules.md#delete-order): one guarded UPDATE sets hidden_at on the shopper's finished order
 * with no after-sales request open; the row stays for the books and the console.
 */
export async function hideOrder(userId: number, orderNo: string): Promise<void> {
  const db = await getDb();
  const o = await ownOrder(db, userId, orderNo);
  const openRequest = db
    .select({ id: afterSales.id })
    .from(afterSales)
    .where(and(eq(afterSales.orderId, orders.id), inArray(afterSales.status, OPEN_AFTER_SALE_STATUSES)));
  const hidden = await db
    .update(orders)
    .set({ hiddenAt: new Date() })
    .where(and(eq(orders.id, o.id), isNull(orders.hiddenAt), inArray(orders.status, FINISHED_ORDER_STATUSES), sql`not exists (${openRequest})`))
    .returning({ id: orders.id });
  if (hidden.length) {
    log.info({ orderNo, userId }, 'order hidden by the shopper');
    return;
  }
  const now = await ownOrder(db, userId, orderNo);
  if (!isFinishedOrder(now.status)) throw conflict(`订单「${ORDER_STATUS_LABEL[now.status]}」，只有已完成、已取消或已退款的订单可以删除`);
  throw conflict('订单有售后申请正在处理，处理完成后才能删除');
}

/** 再次购买: the order's lines back in the cart, at today's price and stock (putBackInCart); 409 when none could go. */
export async function rebuyOrder(userId: number, orderNo: string): Promise<PutBack & { notice: string }> {
  const db = await getDb();
  const o = await ownOrder(db, userId, orderNo);
  const lines = await db
    .select({ skuId: orderItems.skuId, productName: orderItems.productName, skuName: orderItems.skuName, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, o.id))
    .orderBy(asc(orderItems.id));
  const result = await putBackInCart(userId, lines);
  const left = result.skipped.map((l) => `「${l.productName} ${l.skuName}」${l.reason}`).join('、');
  if (result.added.length === 0) throw conflict(`${left}，没有可以加入购物车的商品`);
  const capped = result.added.filter((l) => l.capped).map((l) => `「${l.productName} ${l.skuName}」库存仅剩 ${l.quantity} 件`);
  const notice = ['已加入购物车', left ? `${left}，未加入` : '', ...capped].filter(Boolean).join('；');
  return { ...result, notice };
}

// ------------------------------------------------------------------ lifecycle

/**
 * shipped → completed for the orders of `where` signed for (or, with no signing reported, shipped)
 * SHIPPED_AUTO_COMPLETE_DAYS ago or earlier (docs/states.md#timers); the orders it moved.
 */
function autoComplete(db: DbOrTx, where?: SQL) {
  const due = new Date(Date.now() - SHIPPED_AUTO_COMPLETE_DAYS * DAY_MS);
  // The shopper hears of it in the same transaction (docs/messages.md#events).
  return withTx(async (tx) => {
    const moved = await moveOrders(tx, and(where, lte(autoCompleteFrom(), due)), 'shipped', 'completed');
    for (const o of moved) await notify(tx, o.userId, 'order_auto_completed', { orderNo: o.orderNo }, o.orderNo);
    return moved;
  }, db);
}

/** Applies the clock to one order: unpaid past the deadline → cancelled; signed for (or shipped) 7 days → completed. */
async function settleLifecycle(db: DbOrTx, o: OrderRow): Promise<boolean> {
  if (o.status === 'pending_payment' && o.payDeadline <= new Date()) return cancelOverdue(o.id);
  if (o.status === 'shipped') return (await autoComplete(db, eq(orders.id, o.id))).length > 0;
  return false;
}

async function sweepUser(db: DbOrTx, userId: number) {
  const due = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending_payment'), lt(orders.payDeadline, new Date())));
  for (const o of due) await settleLifecycle(db, o);
}

/** The server's sweep: every overdue unpaid order and every shipped order past 7 days. */
export async function sweepOrders(): Promise<{ cancelled: number; completed: number }> {
  const db = await getDb();
  const now = new Date();
  const overdue = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.status, 'pending_payment'), lt(orders.payDeadline, now))).limit(500);
  let cancelled = 0;
  for (const o of overdue) if (await cancelOverdue(o.id)) cancelled++;
  const done = await autoComplete(db);
  if (cancelled || done.length) log.info({ cancelled, completed: done.length }, 'order sweep');
  return { cancelled, completed: done.length };
}
