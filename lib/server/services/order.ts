/**
 * Orders (docs/states.md): priced by the server, created in one transaction with the conditional
 * stock decrement and an idempotency key, moved between states only through order-states.ts, stock
 * returned exactly once on cancellation.
 */
import 'server-only';
import { and, asc, desc, eq, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  FREE_SHIPPING_FROM_FEN,
  ORDER_LINES_MAX,
  ORDER_NO_LENGTH,
  ORDER_TOTAL_MAX_FEN,
  SHIPPED_AUTO_COMPLETE_DAYS,
  SHIPPING_FEN,
  UNPAID_ORDER_TTL_MIN,
} from '../../constants';
import { INVOICE_STATUS_LABEL, isInvoiceable, type InvoiceStatus } from '../../invoice-status';
import { formatFen } from '../../money';
import { mayMoveOrder, ORDER_STATUS_LABEL, type OrderStatus } from '../../order-status';
import type { ProductKind } from '../../product-kind';
import { DAY_MS, shopStamp } from '../../shop-time';
import { MAX_LINE_QUANTITY } from '../../validation/cart';
import { TOO_MANY_LINES, createOrderSchema, orderListSchema, previewSchema } from '../../validation/order';
import { ORDER_NO } from '../../validation/fields';
import { randomDigits } from '../crypto';
import { getDb, withTx, type DbOrTx, type Tx } from '../db/client';
import { countRows, paged, type Page } from '../db/paged';
import { invoices, licenses, orderItems, orders, shipmentEvents, skus, type AddressSnapshot } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { ORDER_AFTER_SALE_LABEL, type OrderAfterSale } from '../../after-sale';
import { loadOrderState, type OrderState } from './after-sales/eligibility';
import { canAskAfterSale, refundUnshippedOrder } from './after-sales/shopper';
import { refundedFen } from './refund';
import { productsChanged } from '../cache-revalidate';
import { iso } from '../iso';
import { log } from '../log';
import { findAddress } from './address';
import { sellableSkus, selectedCartLines, type CartOwner, type SoldSku } from './cart';
import { moveOrder, moveOrders } from './order-states';
import { closeOrderPayments, settleOpenPayments } from './payment';

export { markOrderPaid } from './order-paid';

type OrderLine = SoldSku & { quantity: number; subtotalFen: number };
/** A line of a placed order: its id (what after-sales names) and the units in after-sales requests. */
type PlacedLine = OrderLine & { id: number; afterSaleQuantity: number };

/** An order's sums, in fen: the lines, shipping, discount, and what the shopper pays. */
type OrderTotals = { itemsTotalFen: number; shippingFen: number; discountFen: number; totalFen: number };

export type Preview = OrderTotals & { lines: OrderLine[]; needsAddress: boolean };

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
  licenses: { productName: string; code: string; validUntil: string | null; activatedAt: string | null; revoked: boolean }[];
  /** The order's invoice once one was requested (one per order). */
  invoice: { id: number; status: InvoiceStatus; statusLabel: string } | null;
  /** What after-sales did to the order: 售后中 while a request is open, else 部分退款 / 已退款; null when nothing. */
  afterSale: { state: OrderAfterSale; label: string } | null;
  /** What has gone back (or is on its way back) to the shopper, in fen. */
  refundedFen: number;
  actions: { pay: boolean; cancel: boolean; confirm: boolean; invoice: boolean; logistics: boolean; afterSale: boolean };
};

export type OrderSummary = Pick<Order, 'orderNo' | 'status' | 'statusLabel' | 'createdAt' | 'totalFen' | 'afterSale'> & {
  canAfterSale: boolean;
  itemCount: number;
  lines: Pick<OrderLine, 'productName' | 'skuName' | 'image' | 'quantity' | 'priceFen'>[];
};

type Requested = { skuId: number; quantity: number };

// ------------------------------------------------------------------ pricing

/**
 * Prices the requested lines from the database (never from the caller). A SKU named twice becomes
 * one line whose quantities add, so the per-line cap holds for the sum (400); 409 when off sale or short.
 */
async function priceLines(db: DbOrTx, requested: Requested[]): Promise<OrderLine[]> {
  const merged = new Map<number, number>();
  for (const r of requested) merged.set(r.skuId, (merged.get(r.skuId) ?? 0) + r.quantity);
  // The cart holds any number of lines; 立即购买 is capped by its schema too.
  if (merged.size > ORDER_LINES_MAX) throw badRequest(TOO_MANY_LINES);
  const ids = [...merged.keys()];
  const rows = await sellableSkus(db).where(inArray(skus.id, ids));
  return ids.map((skuId) => {
    const r = rows.find((x) => x.skuId === skuId);
    if (!r || !r.onSale) throw conflict('部分商品已下架，请返回重新选择');
    const quantity = merged.get(skuId)!;
    if (quantity > MAX_LINE_QUANTITY) throw badRequest(`「${r.productName} ${r.skuName}」每单最多购买 ${MAX_LINE_QUANTITY} 件`);
    if (r.stock < quantity) throw conflict(`「${r.productName} ${r.skuName}」库存不足，仅剩 ${r.stock} 件`);
    const { stock: _stock, onSale: _onSale, ...line } = r;
    return { ...line, quantity, subtotalFen: r.priceFen * quantity };
  });
}

/** Shipping is for the goods that ship: free when the devices come to ¥99 or more, else ¥10; services ship nothing. */
function shippingFor(lines: OrderLine[]): number {
  const devices = lines.filter((l) => l.kind === 'device');
  if (devices.length === 0) return 0;
  const total = devices.reduce((n, l) => n + l.subtotalFen, 0);
  return total >= FREE_SHIPPING_FROM_FEN ? 0 : SHIPPING_FEN;
}

/**
 * The order's sums, added in JavaScript (exact far beyond any order) and refused above the cap
 * before anything is written: the cap is what keeps every stored amount inside its integer column.
 */
function summarise(lines: OrderLine[]): Preview {
  const itemsTotalFen = lines.reduce((n, l) => n + l.subtotalFen, 0);
  const shippingFen = shippingFor(lines);
  const discountFen = 0;
  const totalFen = itemsTotalFen + shippingFen - discountFen;
  if (itemsTotalFen > ORDER_TOTAL_MAX_FEN || totalFen > ORDER_TOTAL_MAX_FEN) {
    throw badRequest(`订单金额超过单笔上限 ${formatFen(ORDER_TOTAL_MAX_FEN)}，请分开下单`);
  }
  return { lines, itemsTotalFen, shippingFen, discountFen, totalFen, needsAddress: lines.some((l) => l.kind === 'device') };
}

async function requestedLines(db: DbOrTx, input: { items: Requested[] } | { fromCart: true }, owner: CartOwner): Promise<Requested[]> {
  if ('items' in input) return input.items;
  const lines = await selectedCartLines(db, owner);
  if (lines.length === 0) throw badRequest('请先在购物车中选择要结算的商品');
  return lines;
}

export async function previewOrder(owner: CartOwner, input: unknown): Promise<Preview> {
  const v = previewSchema.parse(input);
  const db = await getDb();
  // The address chosen on the checkout page must be the shopper's own (another's is simply not found).
  if (v.addressId !== undefined) await findAddress(db, owner.userId ?? 0, v.addressId);
  return summarise(await priceLines(db, await requestedLines(db, v, owner)));
}

// ------------------------------------------------------------------ create

/** ORDER_NO_LENGTH digits: the Beijing time to the second (14), then random digits. */
function newOrderNo(): string {
  const stamp = shopStamp();
  return `${stamp}${randomDigits(ORDER_NO_LENGTH - stamp.length)}`;
}

/**
 * Creates the order: one transaction inserts it (the unique (user, idempotency key) makes a
 * repeat return the first order), takes stock with `stock = stock - n WHERE stock >= n`, snapshots
 * lines and address, and removes the bought lines from the cart.
 */
export async function createOrder(userId: number, owner: CartOwner, input: unknown): Promise<Order> {
  const v = createOrderSchema.parse(input);
  const db = await getDb();
  const existing = await findOrderId(db, userId, v.idempotencyKey);
  if (existing) return getOrder(userId, existing.orderNo);

  const requested = await requestedLines(db, v, owner);
  const orderNo = await withTx(async (tx) => {
    const lines = await priceLines(tx, requested);
    const sum = summarise(lines);
    let address: AddressSnapshot | null = null;
    if (sum.needsAddress) {
      if (!v.addressId) throw badRequest('请选择收货地址');
      const { id: _id, isDefault: _d, ...snap } = await findAddress(tx, userId, v.addressId);
      address = snap;
    }
    const now = new Date();
    const [order] = await tx
      .insert(orders)
      .values({
        orderNo: newOrderNo(),
        userId,
        kind: sum.needsAddress ? 'device' : 'service',
        itemsTotalFen: sum.itemsTotalFen,
        shippingFen: sum.shippingFen,
        discountFen: sum.discountFen,
        totalFen: sum.totalFen,
        addressSnapshot: address,
        remark: v.remark,
        idempotencyKey: v.idempotencyKey,
        payDeadline: new Date(now.getTime() + UNPAID_ORDER_TTL_MIN * 60_000),
      })
      .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
      .returning({ id: orders.id, orderNo: orders.orderNo });
    if (!order) return null; // the same key won in another request: return that order

    for (const l of [...lines].sort((x, y) => x.skuId - y.skuId)) { // one lock order: no deadlock between orders
      const taken = await tx
        .update(skus)
        .set({ stock: sql`${skus.stock} - ${l.quantity}`, updatedAt: now })
        .where(and(eq(skus.id, l.skuId), sql`${skus.stock} >= ${l.quantity}`))
        .returning({ id: skus.id });
      if (taken.length === 0) throw conflict(`「${l.productName} ${l.skuName}」库存不足`);
    }
    await tx.insert(orderItems).values(
      lines.map((l) => ({
        orderId: order.id,
        productId: l.productId,
        skuId: l.skuId,
        productName: l.productName,
        skuName: l.skuName,
        kind: l.kind,
        image: l.image,
        priceFen: l.priceFen,
        quantity: l.quantity,
        paidFen: l.subtotalFen, // no discounts yet: the line is paid in full
      })),
    );
    if (v.fromCart) await removeFromUserCart(tx, userId, lines.map((l) => l.skuId));
    return order.orderNo;
  });
  if (orderNo) {
    productsChanged(await orderProductIds(db, orderNo)); // after commit: the next render sees the new stock
    log.info({ orderNo, userId }, 'order created');
    return getOrder(userId, orderNo);
  }
  const again = await findOrderId(db, userId, v.idempotencyKey);
  if (!again) throw conflict('订单提交失败，请重试');
  return getOrder(userId, again.orderNo);
}

async function orderProductIds(db: DbOrTx, orderNo: string): Promise<number[]> {
  const rows = await db
    .select({ productId: orderItems.productId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.orderNo, orderNo));
  return rows.map((r) => r.productId);
}

async function findOrderId(db: DbOrTx, userId: number, key: string) {
  const [row] = await db.select({ orderNo: orders.orderNo }).from(orders).where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row ?? null;
}

async function removeFromUserCart(tx: Tx, userId: number, skuIds: number[]) {
  await tx.execute(sql`
    delete from cart_items where sku_id in (${sql.join(skuIds.map((id) => sql`${id}`), sql`, `)})
      and cart_id in (select id from carts where user_id = ${userId})`);
}

// ------------------------------------------------------------------ read

type OrderRow = typeof orders.$inferSelect;

/**
 * What the shopper may do now: the moves the table gives the shopper (or the payment, while the
 * deadline lasts). 取消订单 of a paid device order not yet shipped, with nothing in after-sales yet, is
 * the 仅退款 of all of it (refunded at once).
 */
function actionsFor(o: OrderRow, hasInvoice: boolean, s: OrderState): Order['actions'] {
  const untouched = s.lines.every((l) => l.countedQty === 0);
  return {
    pay: mayMoveOrder(o.status, 'paid', 'payment') && o.payDeadline > new Date(),
    // An activated code is never refunded, so an order holding one cannot be cancelled as a whole.
    cancel: mayMoveOrder(o.status, 'cancelled', 'shopper') || (o.status === 'paid' && o.kind === 'device' && untouched && !s.activated),
    confirm: mayMoveOrder(o.status, 'completed', 'shopper'),
    invoice: !hasInvoice && isInvoiceable(o.status),
    logistics: Boolean(o.trackingNo),
    afterSale: canAskAfterSale(s),
  };
}

/** 售后中 while a request is open; else 已退款 when all the money went back, 部分退款 when some did. */
function afterSaleOf(o: OrderRow, s: OrderState, refunded: number): Order['afterSale'] {
  const state: OrderAfterSale | null = s.lines.some((l) => l.openAfterSaleNo) ? 'open' : refunded <= 0 ? null : refunded >= o.totalFen ? 'full' : 'partial';
  if (!state || (state === 'full' && o.status === 'refunded')) return null;
  return { state, label: ORDER_AFTER_SALE_LABEL[state] };
}

async function loadOrder(db: DbOrTx, o: OrderRow): Promise<Order> {
  const [s, refunded, events, lic, [inv]] = await Promise.all([
    loadOrderState(db, o),
    refundedFen(db, o.id),
    db.select().from(shipmentEvents).where(eq(shipmentEvents.orderId, o.id)).orderBy(desc(shipmentEvents.occurredAt)),
    db
      .select({ code: licenses.code, validUntil: licenses.validUntil, activatedAt: licenses.activatedAt, revokedAt: licenses.revokedAt, productName: orderItems.productName })
      .from(licenses)
      .innerJoin(orderItems, eq(orderItems.id, licenses.orderItemId))
      .where(eq(licenses.orderId, o.id))
      .orderBy(asc(licenses.id)),
    db.select({ id: invoices.id, status: invoices.status }).from(invoices).where(eq(invoices.orderId, o.id)),
  ]);
  return {
    orderNo: o.orderNo,
    status: o.status,
    statusLabel: ORDER_STATUS_LABEL[o.status],
    kind: o.kind,
    lines: s.lines.map((i) => ({
      id: i.id,
      afterSaleQuantity: i.countedQty,
      skuId: i.skuId,
      productId: i.productId,
      productName: i.productName,
      skuName: i.skuName,
      image: i.image,
      kind: i.kind,
      priceFen: i.priceFen,
      quantity: i.quantity,
      subtotalFen: i.priceFen * i.quantity,
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
    licenses: lic.map((l) => ({ productName: l.productName, code: l.code, validUntil: iso(l.validUntil), activatedAt: iso(l.activatedAt), revoked: Boolean(l.revokedAt) })),
    invoice: inv ? { id: inv.id, status: inv.status, statusLabel: INVOICE_STATUS_LABEL[inv.status] } : null,
    afterSale: afterSaleOf(o, s, refunded),
    refundedFen: refunded,
    actions: actionsFor(o, Boolean(inv), s),
  };
}

async function ownOrder(db: DbOrTx, userId: number, orderNo: string): Promise<OrderRow> {
  if (!ORDER_NO.test(orderNo)) throw notFound('订单不存在');
  const [o] = await db.select().from(orders).where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)));
  if (!o) throw notFound('订单不存在');
  return o;
}

/** One order of this user (another user's order is 404); an unpaid order past its deadline is cancelled first. */
export async function getOrder(userId: number, orderNo: string): Promise<Order> {
  const db = await getDb();
  let o = await ownOrder(db, userId, orderNo);
  if (await settleLifecycle(db, o)) o = await ownOrder(db, userId, orderNo);
  return loadOrder(db, o);
}

export async function listOrders(userId: number, query: unknown): Promise<Page<OrderSummary>> {
  const q = orderListSchema.parse(query);
  const db = await getDb();
  await sweepUser(db, userId);
  const where = q.status ? and(eq(orders.userId, userId), eq(orders.status, q.status)) : eq(orders.userId, userId);
  const count = db.select({ total: countRows }).from(orders).where(where);
  const rows = db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).$dynamic();
  return paged(q, count, rows, async (page) => {
    const items = page.length
      ? await db.select().from(orderItems).where(inArray(orderItems.orderId, page.map((r) => r.id))).orderBy(asc(orderItems.id))
      : [];
    const states = await Promise.all(page.map(async (o) => [await loadOrderState(db, o), await refundedFen(db, o.id)] as const));
    return page.map((o, n) => {
      const mine = items.filter((i) => i.orderId === o.id);
      const [s, refunded] = states[n];
      return {
        afterSale: afterSaleOf(o, s, refunded),
        canAfterSale: canAskAfterSale(s),
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
 * pending_payment → cancelled, with the stock returned in the same transaction. Only the caller
 * whose guarded update wins returns stock, so it comes back exactly once however many race.
 * `alsoInTx` (the console's audit row) runs in that transaction once the update has won.
 */
export async function cancelOrderRow(orderId: number, reason: string, alsoInTx?: (tx: Tx) => Promise<void>): Promise<boolean> {
  const returned = await withTx(async (tx) => {
    if (!(await moveOrder(tx, orderId, 'pending_payment', 'cancelled', { cancelReason: reason }))) return null;
    const items = await tx
      .select({ skuId: orderItems.skuId, productId: orderItems.productId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.skuId)); // the same lock order as createOrder
    for (const i of items) {
      await tx.update(skus).set({ stock: sql`${skus.stock} + ${i.quantity}`, updatedAt: new Date() }).where(eq(skus.id, i.skuId));
    }
    await alsoInTx?.(tx);
    return items.map((i) => i.productId);
  });
  if (!returned) return false;
  productsChanged(returned);
  await closeOrderPayments(orderId).catch((err) => log.warn({ orderId, err: String(err) }, 'closing payments of a cancelled order failed: the sweep tries again'));
  return true;
}

/** An unpaid order runs out of time: unless the money came just in time (asked of the provider first). */
async function cancelOverdue(orderId: number): Promise<boolean> {
  if (await settleOpenPayments(orderId)) return true;
  return cancelOrderRow(orderId, '超时未支付，系统自动取消');
}

export async function cancelOrder(userId: number, orderNo: string): Promise<Order> {
  const db = await getDb();
  const o = await ownOrder(db, userId, orderNo);
  if (o.status === 'paid' && o.kind === 'device') return cancelPaidOrder(userId, o);
  if (!mayMoveOrder(o.status, 'cancelled', 'shopper')) throw conflict('当前订单状态不能取消');
  const won = await cancelOrderRow(o.id, '用户取消');
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
async function cancelPaidOrder(userId: number, o: OrderRow): Promise<Order> {
  await refundUnshippedOrder(userId, o.orderNo);
  return getOrder(userId, o.orderNo);
}

export async function confirmReceipt(userId: number, orderNo: string): Promise<Order> {
  const db = await getDb();
  const o = await ownOrder(db, userId, orderNo);
  if (!(await moveOrder(db, o.id, 'shipped', 'completed'))) throw conflict('当前订单状态不能确认收货');
  return getOrder(userId, orderNo);
}

// ------------------------------------------------------------------ lifecycle

/** shipped → completed for the orders of `where` shipped SHIPPED_AUTO_COMPLETE_DAYS ago or earlier; the orders it moved. */
function autoComplete(db: DbOrTx, where?: SQL) {
  const due = new Date(Date.now() - SHIPPED_AUTO_COMPLETE_DAYS * DAY_MS);
  return moveOrders(db, and(where, lte(orders.shippedAt, due)), 'shipped', 'completed');
}

/** Applies the clock to one order: unpaid past the deadline → cancelled; shipped 7 days → completed. */
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
